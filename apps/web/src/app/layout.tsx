import { Outlet, ScrollRestoration } from "react-router-dom";
import { SiteFooter } from "@/components/layouts/site-footer";
import { useLogout } from "@/features/auth/use-logout";
import { NavBar } from "./nav-bar";

/** The frame of every screen: skip link, nav bar, the screen, footer. */
export function AppLayout() {
  const logout = useLogout();
  return (
    <div className="app-shell">
      <a href="#main-content" className="skip-link">
        Skip to main content
      </a>
      <header className="app-header">
        <NavBar onLogout={logout} />
      </header>
      <main id="main-content" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      {/* A freshly loaded page always has the key "default"; keyed by path, one page's scroll position
          is not restored on another page loaded fresh. */}
      <ScrollRestoration
        getKey={(location) => (location.key === "default" ? location.pathname : location.key)}
      />
    </div>
  );
}
