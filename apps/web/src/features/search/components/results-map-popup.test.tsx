import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatTimestamp } from "@/lib/format";
import { mapResult } from "@/testing/search-results";
import { ResultsMapClusterPopup, ResultsMapPopupContent } from "./results-map-popup";

const apiFetchBlob = vi.hoisted(() => vi.fn<(path: string) => Promise<Blob>>());
vi.mock("@/lib/api-client", () => ({ apiFetchBlob }));

beforeEach(() => {
  apiFetchBlob.mockReset();
  URL.createObjectURL = vi.fn(() => "blob:vehicle");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

function field(label: string) {
  const term = screen.getByText(label, { selector: "dt" });
  return term.nextElementSibling?.textContent;
}

describe("ResultsMapPopupContent", () => {
  it("shows 'Vehicle image unavailable' and the fields when the result has no image", () => {
    render(<ResultsMapPopupContent result={mapResult({ vehicle_image_src: null })} />);
    expect(screen.getByText("Vehicle image unavailable")).toBeInTheDocument();
    expect(apiFetchBlob).not.toHaveBeenCalled();
    expect(field("Plate")).toBe("ABC1234");
    expect(field("State")).toBe("CT");
    expect(field("Make")).toBe("Toyota");
    expect(field("Color")).toBe("Blue");
    expect(field("Body")).toBe("Sedan");
    expect(field("Agency")).toBe("Hartford PD");
    expect(field("Camera")).toBe("Main St NB");
    expect(field("Time")).toBe(formatTimestamp("2025-03-01T15:00:00.000Z"));
    expect(screen.getByRole("img", { name: "Rekor" })).toBeInTheDocument();
  });

  it("labels vocabulary values as the table does (issue 20 item 3): sedan-standard is Sedan", () => {
    render(
      <ResultsMapPopupContent
        result={mapResult({ body_type: "sedan-standard", color: "silver/gray", make: "bmw" })}
      />,
    );
    expect(field("Body")).toBe("Sedan");
    expect(field("Color")).toBe("Silver/Gray");
    expect(field("Make")).toBe("BMW");
  });

  it("shows N/A for missing fields", () => {
    render(<ResultsMapPopupContent result={mapResult({ make: null, color: "", camera_name: undefined })} />);
    expect(field("Make")).toBe("N/A");
    expect(field("Color")).toBe("N/A");
    expect(field("Camera")).toBe("N/A");
  });

  it("loads the image through the authenticated proxy and enlarges it on click", async () => {
    apiFetchBlob.mockResolvedValue(new Blob(["jpeg"], { type: "image/jpeg" }));
    const onEnlargeImage = vi.fn();
    const result = mapResult({ vehicle_image_src: "/proxy-rekor-image?image_uuid=popup-1" });
    render(<ResultsMapPopupContent result={result} onEnlargeImage={onEnlargeImage} />);

    const image = await screen.findByRole("img", { name: /Vehicle ABC1234/ });
    expect(image).toHaveAttribute("src", "blob:vehicle");
    expect(apiFetchBlob).toHaveBeenCalledWith("/proxy-rekor-image?image_uuid=popup-1");
    fireEvent.click(screen.getByRole("button", { name: /Vehicle ABC1234/ }));
    expect(onEnlargeImage).toHaveBeenCalledWith(result);
  });

  it("says the image is unavailable when the proxy fails", async () => {
    apiFetchBlob.mockRejectedValue(new Error("502"));
    render(
      <ResultsMapPopupContent result={mapResult({ vehicle_image_src: "/proxy-axon-image?url=broken-1" })} />,
    );
    expect(await screen.findByText("Vehicle image unavailable")).toBeInTheDocument();
  });

  it("offers Details only when the screen can open a result", () => {
    const onOpenResult = vi.fn();
    const result = mapResult();
    const { rerender } = render(<ResultsMapPopupContent result={result} />);
    expect(screen.queryByRole("button", { name: "Details" })).not.toBeInTheDocument();
    rerender(<ResultsMapPopupContent result={result} onOpenResult={onOpenResult} />);
    fireEvent.click(screen.getByRole("button", { name: "Details" }));
    expect(onOpenResult).toHaveBeenCalledWith(result);
  });
});

describe("ResultsMapClusterPopup", () => {
  it("lists reads at one spot newest first and opens one, with a way back", () => {
    const results = [
      mapResult({ id: "1", plate: "OLD111", timestamp: "2025-03-01T10:00:00Z" }),
      mapResult({ id: "2", plate: "NEW222", timestamp: "2025-03-01T12:00:00Z" }),
      mapResult({ id: "3", plate: "MID333", timestamp: "2025-03-01T11:00:00Z" }),
    ];
    render(<ResultsMapClusterPopup results={results} />);
    expect(screen.getByRole("heading", { name: "3 detections here" })).toBeInTheDocument();
    const items = within(screen.getByRole("list")).getAllByRole("button");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("NEW222"),
      expect.stringContaining("MID333"),
      expect.stringContaining("OLD111"),
    ]);

    fireEvent.click(items[1]!);
    expect(field("Plate")).toBe("MID333");
    fireEvent.click(screen.getByRole("button", { name: /All 3 detections here/ }));
    expect(screen.getByRole("heading", { name: "3 detections here" })).toBeInTheDocument();
  });

  it("caps a long list and says how to see the rest", () => {
    const results = Array.from({ length: 250 }, (_, index) =>
      mapResult({
        id: String(index),
        timestamp: new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString(),
      }),
    );
    render(<ResultsMapClusterPopup results={results} />);
    // (Text queries: role queries over 200 buttons are slow in jsdom.)
    expect(screen.getAllByText("ABC1234")).toHaveLength(200);
    expect(screen.getByText(/narrow the time range/)).toBeInTheDocument();
  });
});
