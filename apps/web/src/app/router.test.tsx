import { WEB_ROUTES } from "@odin/contract";
import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from "react-router-dom";
import type { AuthContextProps } from "react-oidc-context";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentUserValue, INVESTIGATOR, signedInAuth, TestAuthProviders } from "@/testing/auth";
import { appRoutes } from "./router";
import { TestQueryProvider } from "@/testing/query";

function collectPaths(routes: RouteObject[], parent = ""): string[] {
  return routes.flatMap((route) => {
    const own = route.path === undefined ? parent : joinPath(parent, route.path);
    const here = route.path === undefined ? [] : [own];
    return [...here, ...collectPaths(route.children ?? [], own)];
  });
}
const joinPath = (parent: string, path: string) => (path.startsWith("/") ? path : `${parent}/${path}`);

/** A URL for a route pattern: every :param becomes 42. */
const urlFor = (pattern: string) => pattern.replace(/:\w+/g, "42");

/** Renders the app's routes at `url`, signed in as an investigator unless told otherwise. */
function renderAt(
  url: string,
  routes: RouteObject[] = appRoutes,
  auth: AuthContextProps | null = signedInAuth(),
) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const app = <RouterProvider router={router} />;
  render(
    auth ? (
      <TestAuthProviders auth={auth} currentUser={currentUserValue({ user: INVESTIGATOR })}>
        {app}
      </TestAuthProviders>
    ) : (
      // The app's root always provides a QueryClient (app/query-provider.tsx), signed in or not.
      <TestQueryProvider>{app}</TestQueryProvider>
    ),
  );
  return router;
}

/** appRoutes with extra routes added next to the screens (inside the layout). */
function withExtraScreens(extra: RouteObject[]): RouteObject[] {
  const [root] = appRoutes;
  const screens = root?.children?.[0];
  if (!root || root.index || !screens || screens.index || !screens.children)
    throw new Error("unexpected route tree");
  return [{ ...root, children: [{ ...screens, children: [...extra, ...screens.children] }] }];
}

function Boom(): never {
  throw new Error("Plate index unavailable");
}

describe("route table", () => {
  it("registers every web route of the contract", () => {
    const registered = collectPaths(appRoutes);
    for (const route of WEB_ROUTES) expect(registered).toContain(route);
  });

  it("registers nothing beyond the contract's routes and the 404 catch-all", () => {
    const extra = collectPaths(appRoutes).filter((path) => !(WEB_ROUTES as readonly string[]).includes(path));
    expect(extra).toEqual(["/*"]);
  });

  it.each(WEB_ROUTES)("%s matches its own route, not the catch-all", (route) => {
    const matches = matchRoutes(appRoutes, urlFor(route));
    expect(matches?.at(-1)?.route.path).toBe(route);
  });
});

describe("screens", () => {
  it.each(WEB_ROUTES)("%s renders a titled page inside the app frame", async (route) => {
    renderAt(urlFor(route));
    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText("Page not found")).not.toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveAttribute("id", "main-content");
    expect(screen.getByRole("link", { name: "Skip to main content" })).toHaveAttribute(
      "href",
      "#main-content",
    );
    expect(
      screen.getByText(/Odin Systems, Inc\. All rights reserved\. ODIN™ — trademark pending\./),
    ).toBeVisible();
  });

  it("without identity-provider settings: the misconfiguration page instead of sign-in and every signed-in screen", async () => {
    for (const url of ["/", "/callback", "/search", "/profile"]) {
      const { unmount } = render(
        <RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: [url] })} />,
      );
      expect(
        await screen.findByRole("heading", { level: 1, name: "Sign-in is not set up" }),
      ).toBeInTheDocument();
      expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
      unmount();
    }
  });

  it("without identity-provider settings: Terms and Privacy stay readable", async () => {
    renderAt("/terms", appRoutes, null);
    expect(await screen.findByRole("heading", { level: 1, name: "Terms of Use" })).toBeInTheDocument();
  });

  it("without identity-provider settings: the transparency pages stay readable (issue 23)", async () => {
    renderAt("/transparency/HPD", appRoutes, null);
    expect(await screen.findByRole("heading", { level: 1, name: "Transparency" })).toBeInTheDocument();
    expect(screen.queryByText("Sign-in is not set up")).not.toBeInTheDocument();
  });

  it("signed out, even without identity-provider settings: Verify Export opens, linked from the footer (issue 40)", async () => {
    renderAt("/verify-export", appRoutes, null);
    expect(await screen.findByRole("heading", { level: 1, name: "Verify Export" })).toBeInTheDocument();
    expect(screen.getByLabelText("Exported file (PDF or ZIP)")).toBeInTheDocument();
    expect(screen.queryByText("Sign-in is not set up")).not.toBeInTheDocument();
    const footer = screen.getByRole("navigation", { name: "Legal and transparency" });
    expect(within(footer).getByRole("link", { name: "Verify Export" })).toHaveAttribute(
      "href",
      "/verify-export",
    );
  });

  it.each(["/create-group", "/edit-alerts-permissions", "/groups/42/edit"])(
    "%s: 'Access Denied' for a user who may not manage groups, before any form (issue 20 item 8)",
    async (url) => {
      renderAt(url);
      expect(await screen.findByRole("heading", { level: 1, name: "Access Denied" })).toBeInTheDocument();
      expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
      expect(screen.queryByRole("button", { name: /Create|Save/ })).not.toBeInTheDocument();
    },
  );

  it("shows the 404 page with a link to Search for an unknown address", async () => {
    renderAt("/no-such-page");
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByText("/no-such-page")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Search" })).toHaveAttribute("href", "/search");
  });
});

describe("unhandled route errors", () => {
  beforeEach(() => {
    // React and the router report caught errors on the console; the assertions below are what matters.
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows 'Unexpected Application Error!' and the message when a screen throws, keeping the nav bar", async () => {
    renderAt("/boom", withExtraScreens([{ path: "/boom", Component: Boom }]));
    expect(await screen.findByText("Unexpected Application Error!")).toBeInTheDocument();
    expect(screen.getByText("Plate index unavailable")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
  });

  it("shows it when a loader throws", async () => {
    const loader = () => {
      throw new Error("Loader failed");
    };
    renderAt("/loads", withExtraScreens([{ path: "/loads", loader, Component: () => null }]));
    expect(await screen.findByText("Unexpected Application Error!")).toBeInTheDocument();
    expect(screen.getByText("Loader failed")).toBeInTheDocument();
  });

  it("the root route's errorElement shows it when the layout itself fails", async () => {
    const [root] = appRoutes;
    if (!root) throw new Error("no root route");
    renderAt("/search", [{ ...root, element: undefined, Component: Boom }]);
    expect(await screen.findByText("Unexpected Application Error!")).toBeInTheDocument();
    expect(screen.getByText("Plate index unavailable")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  });
});
