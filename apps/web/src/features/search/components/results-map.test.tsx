import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatTimestamp } from "@/lib/format";
import { ResultsMap } from "./results-map";
import { mapResult } from "@/testing/search-results";

const apiFetchBlob = vi.hoisted(() => vi.fn<(path: string) => Promise<Blob>>());
vi.mock("@/lib/api-client", () => ({ apiFetchBlob }));

// Leaflet measures its container; jsdom lays nothing out, so give every element a size.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
  apiFetchBlob.mockReset();
  apiFetchBlob.mockResolvedValue(new Blob(["jpeg"], { type: "image/jpeg" }));
  URL.createObjectURL = vi.fn(() => "blob:vehicle");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

const THREE_READS = [
  mapResult({
    id: "1",
    plate: "AAA111",
    timestamp: "2025-03-01T10:00:00Z",
    latitude: 41.3,
    longitude: -73.0,
  }),
  mapResult({
    id: "2",
    plate: "BBB222",
    timestamp: "2025-03-01T11:00:00Z",
    latitude: 41.6,
    longitude: -72.4,
    source_program: "Axon",
  }),
  mapResult({
    id: "3",
    plate: "CCC333",
    timestamp: "2025-03-01T12:00:00Z",
    latitude: 41.9,
    longitude: -72.9,
    source_program: "Axis",
  }),
  mapResult({ id: "4", plate: "NOLOC", timestamp: "2025-03-01T12:30:00Z", latitude: 0, longitude: 0 }),
];

const summary = () => screen.getByRole("status").textContent;

describe("ResultsMap", () => {
  it("shows the time slider, the full-screen button and how many results are on the map", () => {
    render(<ResultsMap results={THREE_READS} />);
    const from = screen.getByLabelText("From");
    const to = screen.getByLabelText("To");
    expect(from).toHaveAttribute("type", "range");
    expect(to).toHaveAttribute("type", "range");
    expect(from).toHaveAttribute("aria-valuetext", formatTimestamp("2025-03-01T10:00:00Z"));
    expect(to).toHaveAttribute("aria-valuetext", formatTimestamp("2025-03-01T12:00:00Z"));
    expect(screen.getByRole("button", { name: "Full Screen" })).toBeInTheDocument();
    expect(summary()).toBe("Showing 3 of 3 on the map 1 result has no location and is not on the map.");
  });

  it("is 600 px high (000 §9)", () => {
    render(<ResultsMap results={THREE_READS} />);
    expect(
      screen.getByRole("region", { name: "Results map" }).style.getPropertyValue("--results-map-height"),
    ).toBe("600px");
  });

  it("draws a coloured marker per result with a valid location", () => {
    const { container } = render(<ResultsMap results={THREE_READS} />);
    expect(container.querySelectorAll(".map-marker")).toHaveLength(3);
    expect(container.querySelector(".map-marker--rekor")).toHaveAttribute(
      "title",
      expect.stringContaining("AAA111"),
    );
    expect(container.querySelector(".map-marker--axon")).toBeInTheDocument();
    expect(container.querySelector(".map-marker--axis")).toBeInTheDocument();
  });

  it("groups reads at one camera into a cluster showing their count", () => {
    const camera = Array.from({ length: 25 }, (_, index) =>
      mapResult({ id: String(index), timestamp: new Date(Date.UTC(2025, 2, 1, 10, index)).toISOString() }),
    );
    const { container } = render(<ResultsMap results={camera} />);
    expect(container.querySelectorAll(".map-marker")).toHaveLength(0);
    const cluster = container.querySelector(".map-cluster");
    expect(cluster).toHaveTextContent("25");
    expect(cluster).toHaveAttribute("title", expect.stringContaining("25 detections"));
  });

  it("filters the markers as the range narrows, ends included, and can show all times again", () => {
    const { container } = render(<ResultsMap results={THREE_READS} />);
    const from = screen.getByLabelText("From");
    const to = screen.getByLabelText("To");
    const max = Number(to.getAttribute("max"));

    fireEvent.change(from, { target: { value: String(max / 2) } });
    expect(from).toHaveAttribute("aria-valuetext", formatTimestamp("2025-03-01T11:00:00Z"));
    expect(summary()).toMatch(/^Showing 2 of 3 on the map/);
    expect(container.querySelectorAll(".map-marker")).toHaveLength(2);

    fireEvent.change(to, { target: { value: String(max / 2) } });
    expect(summary()).toMatch(/^Showing 1 of 3 on the map/);

    // From cannot pass To.
    fireEvent.change(from, { target: { value: String(max) } });
    expect(from).toHaveValue(String(max / 2));

    fireEvent.change(to, { target: { value: String(max / 2 - 1) } });
    expect(to).toHaveValue(String(max / 2));

    fireEvent.change(from, { target: { value: "0" } });
    fireEvent.change(to, { target: { value: "0" } });
    expect(summary()).toMatch(/^Showing 1 of 3 on the map/);
    fireEvent.change(from, { target: { value: "1" } });
    expect(from).toHaveValue("0");

    fireEvent.click(screen.getByRole("button", { name: "Show all times" }));
    expect(summary()).toMatch(/^Showing 3 of 3 on the map/);
    expect(screen.queryByRole("button", { name: "Show all times" })).not.toBeInTheDocument();
  });

  it("says when the selected range holds no detection", () => {
    const reads = [
      mapResult({ id: "a", timestamp: "2025-03-01T10:00:00Z" }),
      mapResult({ id: "b", timestamp: "2025-03-01T12:00:00Z" }),
    ];
    render(<ResultsMap results={reads} />);
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "400" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "600" } });
    expect(summary()).toMatch(/^Showing 0 of 2 on the map/);
    expect(screen.getByText("No detections in the selected time range.")).toBeInTheDocument();
  });

  it("disables the slider when every result has the same time", () => {
    render(<ResultsMap results={[mapResult()]} />);
    expect(screen.getByLabelText("From")).toBeDisabled();
    expect(summary()).toBe("Showing 1 of 1 on the map");
  });

  it("shows a message instead of the map when no result has a location", () => {
    render(
      <ResultsMap
        results={[mapResult({ latitude: 0, longitude: 0 }), mapResult({ latitude: null, longitude: null })]}
      />,
    );
    expect(screen.getByText("None of these results has a location to show on the map.")).toBeInTheDocument();
    expect(screen.queryByLabelText("From")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Full Screen" })).not.toBeInTheDocument();
  });

  it("says 'No results found.' when there are no results at all", () => {
    render(<ResultsMap results={[]} />);
    expect(screen.getByText("No results found.")).toBeInTheDocument();
  });

  it("falls back to a full-viewport mode without the Fullscreen API; Escape leaves it", () => {
    render(<ResultsMap results={THREE_READS} />);
    fireEvent.click(screen.getByRole("button", { name: "Full Screen" }));
    return vi
      .waitFor(() => {
        expect(screen.getByRole("button", { name: "Exit Full Screen" })).toBeInTheDocument();
        expect(screen.getByRole("region", { name: "Results map" })).toHaveClass(
          "results-map--fullscreen-fallback",
        );
      })
      .then(() => {
        fireEvent.keyDown(document, { key: "Escape" });
        expect(screen.getByRole("button", { name: "Full Screen" })).toBeInTheDocument();
        expect(screen.getByRole("region", { name: "Results map" })).not.toHaveClass(
          "results-map--fullscreen",
        );
      });
  });

  it("uses the Fullscreen API on the map's frame when the browser has it", async () => {
    let fullscreenElement: Element | null = null;
    const setFullscreenElement = (element: Element | null) => {
      fullscreenElement = element;
      document.dispatchEvent(new Event("fullscreenchange"));
    };
    Object.defineProperty(document, "fullscreenEnabled", { configurable: true, value: true });
    Object.defineProperty(document, "fullscreenElement", {
      configurable: true,
      get: () => fullscreenElement,
    });
    const requestFullscreen = vi.fn(async function (this: HTMLElement) {
      setFullscreenElement(this);
    });
    const exitFullscreen = vi.fn(async () => setFullscreenElement(null));
    HTMLElement.prototype.requestFullscreen = requestFullscreen;
    document.exitFullscreen = exitFullscreen;
    try {
      render(<ResultsMap results={THREE_READS} />);
      await act(async () => fireEvent.click(screen.getByRole("button", { name: "Full Screen" })));
      const frame = screen.getByRole("region", { name: "Results map" });
      expect(requestFullscreen.mock.contexts[0]).toBe(frame);
      expect(frame).toHaveClass("results-map--fullscreen");
      expect(frame).not.toHaveClass("results-map--fullscreen-fallback");

      // The browser leaving full screen (its own Escape) is followed.
      await act(async () => setFullscreenElement(null));
      expect(screen.getByRole("button", { name: "Full Screen" })).toBeInTheDocument();

      await act(async () => fireEvent.click(screen.getByRole("button", { name: "Full Screen" })));
      await act(async () => fireEvent.click(screen.getByRole("button", { name: "Exit Full Screen" })));
      expect(exitFullscreen).toHaveBeenCalledTimes(1);
      expect(screen.getByRole("button", { name: "Full Screen" })).toBeInTheDocument();
    } finally {
      delete (document as { fullscreenEnabled?: boolean }).fullscreenEnabled;
      delete (document as { fullscreenElement?: Element | null }).fullscreenElement;
      delete (HTMLElement.prototype as { requestFullscreen?: unknown }).requestFullscreen;
      delete (document as { exitFullscreen?: unknown }).exitFullscreen;
    }
  });

  it("opens a marker's popup with the fields, Details and the full-screen image", async () => {
    const onOpenResult = vi.fn();
    const results = [
      mapResult({ id: "1", plate: "IMG111", vehicle_image_src: "/proxy-rekor-image?image_uuid=map-1" }),
      mapResult({ id: "2", plate: "FAR222", latitude: 41.2, longitude: -73.4 }),
    ];
    const { container } = render(<ResultsMap results={results} onOpenResult={onOpenResult} />);
    const marker = container.querySelector('.map-marker[title^="IMG111"]');
    expect(marker).not.toBeNull();
    fireEvent.click(marker!);

    const popup = await screen.findByRole("article", { name: "Detection of plate IMG111" });
    expect(within(popup).getByText("Hartford PD")).toBeInTheDocument();
    fireEvent.click(await within(popup).findByRole("button", { name: /Vehicle IMG111/ }));

    const overlay = screen.getByRole("dialog", { name: "Vehicle IMG111" });
    // From the proxied-image cache: the popup already fetched it.
    expect(await within(overlay).findByRole("img", { name: "Vehicle IMG111" })).toHaveAttribute(
      "src",
      "blob:vehicle",
    );
    expect(apiFetchBlob).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await act(async () => fireEvent.click(within(popup).getByRole("button", { name: "Details" })));
    expect(onOpenResult).toHaveBeenCalledWith(results[0]);
  });

  it("closes the full-screen image first on Escape, then leaves the fallback full screen", async () => {
    const results = [
      mapResult({ plate: "ESC111", vehicle_image_src: "/proxy-rekor-image?image_uuid=map-2" }),
    ];
    const { container } = render(<ResultsMap results={results} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Full Screen" })));
    fireEvent.click(container.querySelector(".map-marker")!);
    fireEvent.click(await screen.findByRole("button", { name: /Vehicle ESC111/ }));
    expect(screen.getByRole("dialog", { name: "Vehicle ESC111" })).toBeInTheDocument();

    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Exit Full Screen" })).toBeInTheDocument();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.getByRole("button", { name: "Full Screen" })).toBeInTheDocument();
  });

  it("leaves full screen before opening the detail modal (it opens over the page)", async () => {
    const onOpenResult = vi.fn();
    const { container } = render(<ResultsMap results={[mapResult()]} onOpenResult={onOpenResult} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Full Screen" })));
    fireEvent.click(container.querySelector(".map-marker")!);
    await act(async () => fireEvent.click(await screen.findByRole("button", { name: "Details" })));
    expect(onOpenResult).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Full Screen" })).toBeInTheDocument();
  });

  it("lists the reads of a cluster that zooming cannot split", async () => {
    const camera = Array.from({ length: 5 }, (_, index) =>
      mapResult({ id: String(index), plate: `CAM00${index}`, timestamp: `2025-03-01T1${index}:00:00Z` }),
    );
    const { container } = render(<ResultsMap results={camera} />);
    fireEvent.click(container.querySelector(".map-cluster")!);
    expect(await screen.findByRole("heading", { name: "5 detections here" })).toBeInTheDocument();
    // Clicks inside a popup never reach the map: Leaflet would close the popup when the clicked item
    // is replaced (it no longer finds the item inside the popup). jsdom does not run that check itself.
    const mapClicks = vi.fn();
    container.querySelector(".leaflet-container")!.addEventListener("click", mapClicks);
    fireEvent.click(screen.getByRole("button", { name: /CAM004/ }));
    expect(mapClicks).not.toHaveBeenCalled();
    expect(await screen.findByRole("article", { name: "Detection of plate CAM004" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: /All 5 detections here/ }));
    expect(await screen.findByRole("heading", { name: "5 detections here" })).toBeInTheDocument();
  });

  it("zooms in on a cluster whose reads are apart", () => {
    const near = [
      mapResult({ id: "1", latitude: 41.5, longitude: -72.7 }),
      mapResult({ id: "2", latitude: 41.501, longitude: -72.701 }),
    ];
    const { container } = render(<ResultsMap results={near} />);
    fireEvent.click(container.querySelector(".map-cluster")!);
    expect(screen.queryByRole("heading", { name: /detections here/ })).not.toBeInTheDocument();
    // Zoomed in far enough that the two reads are separate markers.
    return vi.waitFor(() => expect(container.querySelectorAll(".map-marker")).toHaveLength(2));
  });
});
