import { use } from "react";
import { AuthContext } from "react-oidc-context";
import { Outlet } from "react-router-dom";
import { MisconfigurationPage } from "./misconfiguration-page";

/**
 * Route element around the login screen, the callback and every signed-in screen: the app mounts the
 * identity provider only when the server's settings allow it (app/provider.tsx); without it these routes
 * show the misconfiguration page. Terms, Privacy and the 404 page stay readable.
 */
export function AuthConfigured() {
  const auth = use(AuthContext);
  return auth ? <Outlet /> : <MisconfigurationPage />;
}
