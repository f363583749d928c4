import { describe, expect, it } from "vitest";
import { emptyDrawing } from "./area-map";
import { describePlace, emptyPlace } from "./place-fields";

describe("describePlace (issue 40 item 3: the results' header says where an area search looked)", () => {
  const place = emptyPlace(1);

  it("names a circle by its radius and centre, a drawn area by its corners", () => {
    const circle = {
      ...emptyDrawing("circle"),
      center: [41.7658, -72.6734] as [number, number],
      radiusM: 500,
    };
    expect(describePlace({ ...place, drawing: circle })).toBe("within 500 m of 41.76580, -72.67340");
    const polygon = {
      ...emptyDrawing("polygon"),
      corners: [
        [41.7, -72.7],
        [41.8, -72.7],
        [41.8, -72.6],
      ] as [number, number][],
    };
    expect(describePlace({ ...place, drawing: polygon })).toBe("in a drawn area of 3 corners");
  });

  it("names the first camera picked and counts the others, beside an area", () => {
    const names = (id: string) => (id === "axis:1" ? "Main St at Pratt St" : id);
    expect(describePlace({ ...place, cameras: ["axis:1"] }, names)).toBe("at Main St at Pratt St");
    const circle = {
      ...emptyDrawing("circle"),
      center: [41.7658, -72.6734] as [number, number],
      radiusM: 250,
    };
    expect(describePlace({ ...place, drawing: circle, cameras: ["axis:1", "axis:2", "axis:3"] }, names)).toBe(
      "within 250 m of 41.76580, -72.67340 or at Main St at Pratt St and 2 more cameras",
    );
  });
});
