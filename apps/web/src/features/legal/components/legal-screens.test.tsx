import { render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { PRIVACY_SECTIONS } from "../privacy-content";
import { TERMS_SECTIONS } from "../terms-content";
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
  ["Terms of Use", TermsScreen, TERMS_SECTIONS],
  ["Privacy Policy", PrivacyScreen, PRIVACY_SECTIONS],
] as const)("%s", (title, Screen, sections) => {
  it("states the effective date, authorized law-enforcement use, temporary storage and Connecticut law", () => {
    const text = renderScreen(Screen);
    expect(screen.getByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(text).toContain("Effective date: 01/15/2025");
    expect(text).toMatch(/authorized law enforcement/i);
    expect(text).toMatch(/stored temporarily/i);
    expect(text).toContain("State of Connecticut");
  });

  it("links every table-of-contents entry to its section, one entry per section", () => {
    renderScreen(Screen);
    const toc = screen.getByRole("navigation", { name: "On this page" });
    const links = [...toc.querySelectorAll("a")];
    // An empty contents list must not pass: one link per section, in order.
    expect(sections.length).toBeGreaterThan(0);
    expect(links.map((link) => link.textContent)).toEqual(sections.map((section) => section.heading));
    for (const link of links) {
      const id = link.getAttribute("href")?.slice(1) ?? "";
      const target = document.getElementById(id);
      expect(target, `#${id}`).not.toBeNull();
      expect(target!.querySelector("h2")?.textContent).toContain(link.textContent);
    }
  });
});
