import { describe, expect, it } from "vitest";
import { vehicleLabel } from "./vehicle-labels";

describe("vehicleLabel", () => {
  it("shows body types by their label, whatever the case the source sent", () => {
    expect(vehicleLabel("body", "sedan-standard")).toBe("Sedan");
    expect(vehicleLabel("body", "tractor-trailer")).toBe("Tractor Trailer");
    expect(vehicleLabel("body", "suv")).toBe("SUV");
  });

  it("shows colours and makes in the list's spelling", () => {
    expect(vehicleLabel("color", "silver/gray")).toBe("Silver/Gray");
    expect(vehicleLabel("make", "bmw")).toBe("BMW");
    expect(vehicleLabel("make", "HONDA")).toBe("Honda");
  });

  it("keeps a value outside the list as sent, and says N/A when there is none", () => {
    expect(vehicleLabel("make", "Zastava")).toBe("Zastava");
    expect(vehicleLabel("color", null)).toBe("N/A");
    expect(vehicleLabel("body", " ")).toBe("N/A");
  });
});
