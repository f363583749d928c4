import { MESSAGES } from "@odin/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, stubFetchPerTest, urlOf } from "@/testing/auth";
import { ExportDialog, overLimitText } from "./export-dialog";
import { mapResult } from "@/testing/search-results";
import { renderWithQuery } from "@/testing/query";

// The agency's case-field settings (issue 23) come from their own call; these tests count the export's.
vi.mock("@/lib/case-field-settings", () => ({
  getCaseFieldSettings: () =>
    Promise.resolve({
      require_case_number: false,
      require_offense_category: false,
      offense_categories: ["Robbery"],
    }),
}));

const fetchMock = stubFetchPerTest();
const RESULTS = [
  mapResult({ id: "rekor-1-1", plate: "AK47281" }),
  mapResult({ id: "axis-7", plate: "1MPV482" }),
];

function renderDialog(kind: "pdf" | "zip" = "pdf", justification = "Case 2026-118") {
  const onClose = vi.fn();
  renderWithQuery(
    <ExportDialog kind={kind} selected={RESULTS} defaultJustification={justification} onClose={onClose} />,
  );
  return onClose;
}

describe("ExportDialog", () => {
  const created: Blob[] = [];
  beforeEach(() => {
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return "blob:export";
    });
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    created.length = 0;
  });

  it("over the export limit: says so before sending, and exports the first N (issue 20 item 6)", async () => {
    window.__ODIN_CONFIG__ = { oidc: null, ownerUsername: null, exportMaxRecords: 1 };
    try {
      fetchMock.mockResolvedValue(
        new Response("%PDF", {
          headers: {
            "content-type": "application/pdf",
            "content-disposition": 'attachment; filename="odin-report-2026-11-25.pdf"',
          },
        }),
      );
      renderDialog("pdf");
      expect(screen.getByText(overLimitText(2, 1))).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Export 2" })).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole("button", { name: "Export first 1" }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
      const body = JSON.parse(fetchMock.mock.calls[0]![1]?.body as string) as { records: { id: string }[] };
      expect(body.records.map((record) => record.id)).toEqual(["rekor-1-1"]);
    } finally {
      delete window.__ODIN_CONFIG__;
    }
  });

  it("refuses a blank justification with the spec's message and sends nothing", async () => {
    renderDialog("pdf", "   ");
    fireEvent.click(screen.getByRole("button", { name: "Export 2" }));
    expect(await screen.findByText(MESSAGES.justificationRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the overlay while the server works, then downloads the named file", async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const onClose = renderDialog("zip");
    fireEvent.click(screen.getByRole("button", { name: "Export 2" }));
    expect(await screen.findByText(MESSAGES.exportInProgress)).toBeInTheDocument();
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(urlOf(input)).toBe("/export-zip");
    const body = JSON.parse(init?.body as string) as { records: { id: string }[]; justification: string };
    expect(body.justification).toBe("Case 2026-118");
    expect(body.records.map((record) => record.id)).toEqual(["rekor-1-1", "axis-7"]);
    answer(
      new Response("PK", {
        headers: {
          "content-type": "application/zip",
          "content-disposition": 'attachment; filename="odin-export-2026-11-22.zip"',
        },
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(created).toHaveLength(1);
  });

  it("says 'Failed to generate PDF.' with the server's reason when the server refuses", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { error: { code: "VALIDATION_FAILED", message: "An export can hold at most 500 records." } },
        { status: 400 },
      ),
    );
    renderDialog("pdf");
    fireEvent.click(screen.getByRole("button", { name: "Export 2" }));
    expect(await screen.findByText(MESSAGES.failedToGeneratePdf)).toBeInTheDocument();
    expect(screen.getByText("An export can hold at most 500 records.")).toBeInTheDocument();
  });

  it("says 'Something went wrong during ZIP export.' when the call itself breaks", async () => {
    fetchMock.mockRejectedValue(new TypeError("network down"));
    renderDialog("zip");
    fireEvent.click(screen.getByRole("button", { name: "Export 2" }));
    expect(await screen.findByText(MESSAGES.zipExportError)).toBeInTheDocument();
  });

  it("says 'Failed to generate ZIP.' with the server's reason when the server refuses", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { error: { code: "VALIDATION_FAILED", message: "An export can hold at most 500 records." } },
        { status: 400 },
      ),
    );
    renderDialog("zip");
    fireEvent.click(screen.getByRole("button", { name: "Export 2" }));
    expect(await screen.findByText("Failed to generate ZIP.")).toBeInTheDocument();
    expect(screen.getByText("An export can hold at most 500 records.")).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.failedToGeneratePdf)).not.toBeInTheDocument();
  });

  it("says 'Something went wrong during PDF export.' when the call itself breaks", async () => {
    fetchMock.mockRejectedValue(new TypeError("network down"));
    renderDialog("pdf");
    fireEvent.click(screen.getByRole("button", { name: "Export 2" }));
    expect(await screen.findByText("Something went wrong during PDF export.")).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.zipExportError)).not.toBeInTheDocument();
  });
});
