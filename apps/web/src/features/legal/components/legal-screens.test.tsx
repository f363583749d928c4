import { render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { PrivacyScreen } from "./privacy-screen";
import { TermsScreen } from "./terms-screen";

function renderScreen(Screen: ComponentType) {
  const { container } = render(
    <MemoryRouter>
      <Screen />
    </MemoryRouter>,
  );
  return container.textContent ?? "";
}

describe.each([
  ["Terms of Use", TermsScreen],
  ["Privacy Policy", PrivacyScreen],
])("%s", (title, Screen) => {
  it("states the effective date, authorized law-enforcement use, temporary storage and Connecticut law", () => {
    const text = renderScreen(Screen);
    expect(screen.getByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(text).toContain("Effective date: 01/15/2025");
    expect(text).toMatch(/authorized law enforcement/i);
    expect(text).toMatch(/stored temporarily/i);
    expect(text).toContain("State of Connecticut");
  });

  it("links every table-of-contents entry to a section", () => {
    renderScreen(Screen);
    const toc = screen.getByRole("navigation", { name: "On this page" });
    for (const link of toc.querySelectorAll("a")) {
      const id = link.getAttribute("href")?.slice(1) ?? "";
      expect(document.getElementById(id)).not.toBeNull();
    }
  });
});
