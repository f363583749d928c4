import { describe, expect, it } from "vitest";
import {
  ALERT_MAP_ZOOM,
  BODY_TYPES,
  DEFAULT_MAP_SETTINGS,
  DEFAULT_TIME_PRESET,
  LAZY_IMAGE_MARGIN_PX,
  MAP_DETAIL_ZOOM,
  MAP_MAX_TILE_ZOOM,
  MAP_POPUP_MAX_WIDTH,
  MAP_RESULTS_CENTER,
  MAP_RESULTS_HEIGHT_PX,
  MAP_RESULTS_ZOOM,
  OBJECT_URL_REVOKE_MS,
  PASSWORD_RULES,
  SOURCE_PROGRAMS,
  SOURCE_PROGRAM_LABELS,
  REVERSE_GEOCODE_ZOOM,
  TIME_PRESETS,
  US_STATES,
  VEHICLE_COLORS,
  VEHICLE_MAKES,
  checkPasswordStrength,
  passwordRules,
  exportFileName,
  findTimePreset,
  isValidMapPoint,
} from "../src/index";

describe("vehicle options", () => {
  it("has 46 makes from Acura to Yamaha, sorted as a reader sorts them, without duplicates", () => {
    expect(VEHICLE_MAKES).toHaveLength(46);
    expect(VEHICLE_MAKES[0]).toBe("Acura");
    expect(VEHICLE_MAKES.at(-1)).toBe("Yamaha");
    expect([...VEHICLE_MAKES].sort((a, b) => a.localeCompare(b, "en"))).toEqual([...VEHICLE_MAKES]);
    expect(new Set(VEHICLE_MAKES).size).toBe(46);
    for (const brand of [
      "Harley-Davidson",
      "Ducati",
      "Kawasaki",
      "Freightliner",
      "Kenworth",
      "Mack",
      "Peterbilt",
      "Volvo",
    ]) {
      expect(VEHICLE_MAKES).toContain(brand);
    }
  });

  it("has the 12 colours in the spec's order, four of them Rekor-only", () => {
    expect(VEHICLE_COLORS.map((color) => color.name)).toEqual([
      "Black",
      "Blue",
      "Brown",
      "Gold/Beige",
      "Green",
      "Orange",
      "Pink",
      "Purple",
      "Red",
      "Silver/Gray",
      "White",
      "Yellow",
    ]);
    expect(VEHICLE_COLORS.filter((color) => color.rekorOnly).map((color) => color.name)).toEqual([
      "Gold/Beige",
      "Orange",
      "Pink",
      "Purple",
    ]);
  });

  it("keeps the spec's body-type values", () => {
    expect(BODY_TYPES).toHaveLength(11);
    expect(BODY_TYPES[4]).toEqual({ value: "sedan-compact", label: "Compact Sedans and Hatchbacks" });
    expect(BODY_TYPES.map((type) => type.value)).toContain("SUV");
    expect(BODY_TYPES.find((type) => type.value === "tractor-trailer")?.label).toBe("Tractor Trailer");
  });
});

describe("states, presets, sources", () => {
  it("offers the 50 states with unique two-letter abbreviations", () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATES.map((state) => state.abbreviation)).size).toBe(50);
    expect(US_STATES.every((state) => /^[A-Z]{2}$/.test(state.abbreviation))).toBe(true);
    expect(US_STATES.find((state) => state.abbreviation === "CT")?.name).toBe("Connecticut");
  });

  it("has the five presets with their lengths, 24 Hours by default", () => {
    expect(TIME_PRESETS.map((preset) => [preset.label, preset.ms])).toEqual([
      ["1 Hour", 3_600_000],
      ["24 Hours", 86_400_000],
      ["7 Days", 604_800_000],
      ["30 Days", 2_592_000_000],
      ["90 Days", 7_776_000_000],
    ]);
    expect(DEFAULT_TIME_PRESET).toBe("24 Hours");
    expect(findTimePreset(0, 604_800_000)).toBe("7 Days");
    expect(findTimePreset(0, 1000)).toBeUndefined();
  });

  it("labels Axis as RAVEN", () => {
    expect(SOURCE_PROGRAMS).toEqual(["Rekor", "Axon", "Axis"]);
    expect(SOURCE_PROGRAM_LABELS.Axis).toBe("RAVEN");
  });

  it("names export files with the date", () => {
    expect(exportFileName("pdf", "2025-01-15")).toMatch(/2025-01-15\.pdf$/);
    expect(exportFileName("zip", "2025-01-15")).toMatch(/2025-01-15\.zip$/);
  });
});

describe("section 9 numbers of the map and the images", () => {
  it("pins the maps: results centre 41.5,-72.7 at zoom 9 and 600 px high; detail and alert zoom 16", () => {
    expect(MAP_RESULTS_CENTER).toEqual([41.5, -72.7]);
    expect(MAP_RESULTS_ZOOM).toBe(9);
    expect(MAP_RESULTS_HEIGHT_PX).toBe(600);
    expect(MAP_DETAIL_ZOOM).toBe(16);
    expect(ALERT_MAP_ZOOM).toBe(16);
    expect(MAP_POPUP_MAX_WIDTH).toBe(600);
    expect(REVERSE_GEOCODE_ZOOM).toBe(18);
  });

  it("pins the max tile zoom 19, which the default map settings use", () => {
    expect(MAP_MAX_TILE_ZOOM).toBe(19);
    expect(DEFAULT_MAP_SETTINGS.maxZoom).toBe(MAP_MAX_TILE_ZOOM);
  });

  it("loads images 300 px before they scroll into view and revokes object URLs after 60 s", () => {
    expect(LAZY_IMAGE_MARGIN_PX).toBe(300);
    expect(OBJECT_URL_REVOKE_MS).toBe(60_000);
  });
});

describe("map points", () => {
  it("draws only real coordinates", () => {
    expect(isValidMapPoint(41.5, -72.7)).toBe(true);
    expect(isValidMapPoint(0, 0)).toBe(false);
    expect(isValidMapPoint(-1, -1)).toBe(false);
    expect(isValidMapPoint(90, 10)).toBe(false);
    expect(isValidMapPoint(10, -180)).toBe(false);
    expect(isValidMapPoint(null, 10)).toBe(false);
    expect(isValidMapPoint(0, 10)).toBe(true);
  });
});

describe("checkPasswordStrength", () => {
  it("lists every unmet rule", () => {
    expect(checkPasswordStrength("")).toEqual(PASSWORD_RULES.map((rule) => rule.message));
    expect(checkPasswordStrength("abcdefgh")).toEqual([
      "An uppercase letter",
      "A digit",
      "A special character",
    ]);
    expect(checkPasswordStrength("Abc1!")).toEqual(["At least 8 characters"]);
  });

  it("passes a password that meets them all", () => {
    expect(checkPasswordStrength("Correct-Horse-9")).toEqual([]);
    expect(checkPasswordStrength("Ünïcode1€x")).toEqual([]);
  });

  it("asks for the length the server enforces, never fewer than the spec's 8", () => {
    expect(passwordRules(12).map((rule) => rule.message)).toEqual([
      "At least 12 characters",
      ...PASSWORD_RULES.slice(1).map((rule) => rule.message),
    ]);
    expect(checkPasswordStrength("Abcdefg1!x", 12)).toEqual(["At least 12 characters"]);
    expect(checkPasswordStrength("Abcdefg1!xyz", 12)).toEqual([]);
    // Characters, not UTF-16 units: eleven characters with an astral one are still eleven.
    expect(checkPasswordStrength("Abcdefg1!x😀", 12)).toEqual(["At least 12 characters"]);
    expect(passwordRules(4)).toBe(PASSWORD_RULES);
    expect(passwordRules()).toBe(PASSWORD_RULES);
  });
});
