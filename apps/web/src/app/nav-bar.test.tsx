import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import type { TCurrentUser } from "@odin/contract";
import { ADMIN } from "@/testing/auth";
import { CurrentUserProvider } from "../lib/auth/current-user";
import { NavBar } from "./nav-bar";

function renderNavBar(user: TCurrentUser | null, url: string, onLogout?: () => void) {
  const router = createMemoryRouter([{ path: "*", element: <NavBar onLogout={onLogout} /> }], {
    initialEntries: [url],
  });
  render(
    <CurrentUserProvider user={user}>
      <RouterProvider router={router} />
    </CurrentUserProvider>,
  );
  return screen.getByRole("navigation", { name: "Main" });
}

describe("NavBar", () => {
  it("signed out: the logo, Terms and Privacy, no Logout", () => {
    const nav = renderNavBar(null, "/terms");
    const names = within(nav)
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(names).toEqual(["ODIN", "Terms", "Privacy"]);
    expect(within(nav).getByRole("link", { name: "Odin home" })).toHaveAttribute("href", "/");
    expect(within(nav).queryByRole("button", { name: "Logout" })).not.toBeInTheDocument();
  });

  it("marks the current section with aria-current and nothing else", () => {
    const nav = renderNavBar(ADMIN, "/integrations/rekor");
    expect(within(nav).getByRole("link", { name: "Integrations" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Integrations" })).toHaveAttribute("href", "/api-keys");
    expect(nav.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
  });

  it("signed in: shows who is signed in and a Logout button that ends the session", () => {
    const onLogout = vi.fn();
    const nav = renderNavBar(ADMIN, "/search", onLogout);
    expect(within(nav).getByText("a.chen")).toBeInTheDocument();
    within(nav).getByRole("button", { name: "Logout" }).click();
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it("shows Owner to the owner username the server configures", () => {
    window.__ODIN_CONFIG__ = { oidc: null, ownerUsername: ADMIN.username };
    try {
      const nav = renderNavBar(ADMIN, "/search");
      expect(within(nav).getByRole("link", { name: "Owner" })).toHaveAttribute("href", "/owner");
    } finally {
      delete window.__ODIN_CONFIG__;
    }
  });
});
