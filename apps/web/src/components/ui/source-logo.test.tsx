import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SourceLogo } from "./source-logo";

describe("SourceLogo", () => {
  it.each([
    ["Rekor", "Rekor"],
    ["Axon", "Axon"],
    ["Axis", "RAVEN"],
  ] as const)("%s is shown as %s", (source, label) => {
    render(<SourceLogo source={source} />);
    const img = screen.getByRole("img", { name: label });
    expect(img.getAttribute("src")).toMatch(/svg/);
    expect(img).toHaveAttribute("height", "28");
  });

  it("gives each source its own badge", () => {
    render(
      <>
        <SourceLogo source="Rekor" />
        <SourceLogo source="Axon" />
        <SourceLogo source="Axis" />
      </>,
    );
    const sources = screen.getAllByRole("img").map((img) => img.getAttribute("src"));
    expect(new Set(sources).size).toBe(3);
  });

  it("has a small size for table cells", () => {
    render(<SourceLogo source="Axis" size="sm" />);
    expect(screen.getByRole("img", { name: "RAVEN" })).toHaveAttribute("height", "20");
  });
});
