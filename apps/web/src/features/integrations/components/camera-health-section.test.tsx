import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, stubFetchPerTest } from "@/testing/auth";
import { answerRoutes, renderAs } from "../test-helpers";
import { CameraHealthSection } from "./camera-health-section";

const fetchMock = stubFetchPerTest();
const camera = (id: string, source: "Axis" | "Rekor", name: string) => ({
  source,
  id,
  name,
  agency_name: "Hartford PD",
  last_read_at: "2026-11-25T09:00:00.000Z",
  reads_24h: source === "Axis" ? 12 : null,
  state: "reporting" as const,
});

describe("CameraHealthSection", () => {
  it("shows each camera's misreads (alerts judged Incorrect read) beside its health", async () => {
    answerRoutes(fetchMock, {
      "GET /camera-health": () =>
        jsonResponse({
          silent_after_minutes: 120,
          checked_at: "2026-11-25T10:00:00.000Z",
          silent_count: 0,
          cameras: [camera("axis-1", "Axis", "Albany Ave"), camera("rekor-2", "Rekor", "Main St")],
        }),
      "GET /alerts/misreads-by-camera": () =>
        jsonResponse({
          cameras: [
            {
              source_program: "Axis",
              camera: "Albany Ave",
              misreads: 2,
              judged: 3,
              last_misread_at: "2026-11-22T12:00:00.000Z",
            },
          ],
        }),
    });
    renderAs(<CameraHealthSection />);
    const row = (await screen.findByText("Albany Ave")).closest("tr")!;
    expect(await within(row).findByText("2 of 3 judged")).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Misreads" })).toBeInTheDocument();
    const rekor = screen.getByText("Main St").closest("tr")!;
    expect(within(rekor).getAllByRole("cell").at(-1)).toHaveTextContent("—");
  });

  it("says how long a silent camera has been silent, by the server's clock (issue 40 item 6)", async () => {
    answerRoutes(fetchMock, {
      "GET /camera-health": () =>
        jsonResponse({
          silent_after_minutes: 120,
          checked_at: "2026-11-25T17:30:00.000Z",
          silent_count: 1,
          cameras: [
            { ...camera("rekor-3", "Rekor", "Gone quiet"), state: "silent" },
            camera("axis-1", "Axis", "Albany Ave"),
          ],
        }),
      "GET /alerts/misreads-by-camera": () => jsonResponse({ cameras: [] }),
    });
    renderAs(<CameraHealthSection />);
    const row = (await screen.findByText("Gone quiet")).closest("tr")!;
    // Last read 09:00, checked 17:30: 8 whole hours.
    expect(within(row).getByText("Silent for 8 h")).toBeInTheDocument();
    const reporting = screen.getByText("Albany Ave").closest("tr")!;
    expect(within(reporting).getByText("Reporting")).toBeInTheDocument();
  });
});
