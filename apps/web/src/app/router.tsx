import { WEB_ROUTES } from "@odin/contract";
import { createBrowserRouter, type RouteObject } from "react-router-dom";
import { AuthConfigured } from "@/features/auth/components/auth-configured";
import { RequireAuth } from "@/features/auth/components/require-auth";
import { NotFoundPage } from "./errors/not-found";
import { RootErrorPage, RouteErrorPanel } from "./errors/route-error";
import { AppLayout } from "./layout";
import { SignedInFrame } from "./signed-in-frame";
import { SCREENS, type WebRoute } from "./screens";

/** Open to everyone, even when sign-in is not configured (Verify Export: issue 40 item 7). */
const PUBLIC_ROUTES: readonly WebRoute[] = [
  "/terms",
  "/privacy",
  "/transparency",
  "/transparency/:code",
  "/verify-export",
];
/** Sign-in itself: need the identity provider, not a signed-in user. */
const SIGN_IN_ROUTES: readonly WebRoute[] = ["/", "/callback"];

const screen = (path: WebRoute): RouteObject => ({ path, Component: SCREENS[path] });

/**
 * The route tree. The root route renders the layout and catches what the layout itself throws; a
 * pathless child catches what a screen throws, so the nav bar stays usable on a screen's error page.
 * Below it, pathless guards: AuthConfigured (the misconfiguration page when there is no identity
 * provider) and RequireAuth (sign-in, the current user, approval) around every other screen.
 */
export const appRoutes: RouteObject[] = [
  {
    id: "root",
    element: <AppLayout />,
    errorElement: <RootErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPanel />,
        children: [
          {
            Component: AuthConfigured,
            children: [
              ...SIGN_IN_ROUTES.map(screen),
              {
                Component: RequireAuth,
                children: [
                  {
                    Component: SignedInFrame,
                    children: WEB_ROUTES.filter(
                      (path) => !PUBLIC_ROUTES.includes(path) && !SIGN_IN_ROUTES.includes(path),
                    ).map(screen),
                  },
                ],
              },
            ],
          },
          ...PUBLIC_ROUTES.map(screen),
          { path: "*", Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
