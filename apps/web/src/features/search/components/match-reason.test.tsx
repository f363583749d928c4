import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PlateLabel } from "@/components/ui";
import { MatchReason } from "./match-reason";

const plates = (container: HTMLElement) =>
  Array.from(container.querySelectorAll(".plate")).map((node) => node.textContent);

describe("plates in the plate face", () => {
  it("shows the characters a reason names in the plate face, its text unchanged", () => {
    const reason = "1 read as I at position 7, 47 swapped at position 3, one character missing";
    const { container } = render(<MatchReason reason={reason} />);
    expect(container.textContent).toBe(reason);
    expect(plates(container)).toEqual(["1", "I", "47"]);
  });

  it("leaves a reason of another shape as it is", () => {
    const { container } = render(<MatchReason reason="two extra characters" />);
    expect(container.textContent).toBe("two extra characters");
    expect(plates(container)).toEqual([]);
  });

  it("keeps the spec's Plate: label with the plate alone in the plate face", () => {
    const { container } = render(<PlateLabel plate="B8O0" />);
    expect(container.textContent).toBe("Plate: B8O0");
    expect(plates(container)).toEqual(["B8O0"]);
  });
});
