import { WEB_ROUTES } from "@odin/contract";
import { createBrowserRouter, type RouteObject } from "react-router-dom";
import { NotFoundPage } from "./errors/not-found";
import { RootErrorPage, RouteErrorPanel } from "./errors/route-error";
import { AppLayout } from "./layout";
import { SCREENS } from "./screens";

/**
 * The route tree. The root route renders the layout and catches what the layout itself throws; a
 * pathless child catches what a screen throws, so the nav bar stays usable on a screen's error page.
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
          ...WEB_ROUTES.map((path): RouteObject => ({ path, Component: SCREENS[path] })),
          { path: "*", Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
