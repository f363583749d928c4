import { describe, expect, it } from "vitest";
import {
  BOTH_OR_NEITHER,
  checkCameraDraft,
  draftOf,
  isDraftChanged,
  LATITUDE_RANGE,
  LONGITUDE_RANGE,
  type CameraDraft,
} from "./camera-draft";

const CAMERA = {
  camera_id: 101,
  camera_name: "Main St NB",
  site_name: "Hartford",
  corrected_latitude: 41.76,
  corrected_longitude: -72.68,
  agency_id: 1,
  is_manual: true,
};
const draft = (overrides: Partial<CameraDraft>): CameraDraft => ({ ...draftOf(CAMERA), ...overrides });

describe("checkCameraDraft", () => {
  it("turns a valid row into the PATCH body", () => {
    expect(checkCameraDraft(draft({ latitude: " 41.5 ", longitude: "-72.7", agencyId: "2" }))).toEqual({
      ok: true,
      update: { corrected_latitude: 41.5, corrected_longitude: -72.7, agency_id: 2, is_manual: true },
    });
  });

  it("accepts the range limits and clears a blank location or agency", () => {
    expect(checkCameraDraft(draft({ latitude: "-90", longitude: "180" })).ok).toBe(true);
    expect(checkCameraDraft(draft({ latitude: "", longitude: "", agencyId: "" }))).toEqual({
      ok: true,
      update: { corrected_latitude: null, corrected_longitude: null, agency_id: null, is_manual: true },
    });
  });

  it.each([
    ["90.0001", "0", { latitude: LATITUDE_RANGE }],
    ["-91", "0", { latitude: LATITUDE_RANGE }],
    ["0", "180.5", { longitude: LONGITUDE_RANGE }],
    ["0", "-181", { longitude: LONGITUDE_RANGE }],
    ["41,5", "abc", { latitude: LATITUDE_RANGE, longitude: LONGITUDE_RANGE }],
    ["1e1", "0", { latitude: LATITUDE_RANGE }],
    ["41.5", "", { longitude: BOTH_OR_NEITHER }],
    ["", "-72.7", { latitude: BOTH_OR_NEITHER }],
  ])("refuses latitude %j with longitude %j", (latitude, longitude, errors) => {
    expect(checkCameraDraft(draft({ latitude, longitude }))).toEqual({ ok: false, errors });
  });
});

describe("isDraftChanged", () => {
  it("is false for the saved values and true after an edit", () => {
    expect(isDraftChanged(draftOf(CAMERA), CAMERA)).toBe(false);
    expect(isDraftChanged(draft({ latitude: "41.76 " }), CAMERA)).toBe(false);
    expect(isDraftChanged(draft({ isManual: false }), CAMERA)).toBe(true);
    expect(isDraftChanged(draft({ agencyId: "" }), CAMERA)).toBe(true);
  });
});
