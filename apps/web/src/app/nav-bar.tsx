import { Link, useLocation } from "react-router-dom";
import { Button, OdinWordmark } from "@/components/ui";
import { useUnreadAlerts } from "@/features/alerts/hooks/use-unread-alerts";
import { getAppConfig } from "@/lib/config";
import { useCurrentUser } from "../lib/auth/current-user";
import { isNavItemActive, visibleNavLinks } from "./nav-links";

export interface NavBarProps {
  /** Ends the session: POST /session/revoke, then the provider's logout (features/auth/use-logout.ts). */
  onLogout?: () => void;
}

export function NavBar({ onLogout }: NavBarProps) {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const items = visibleNavLinks(user, getAppConfig().ownerUsername);
  const links = items.filter((item) => item.kind === "link");
  const canLogout = items.some((item) => item.kind === "logout");
  // Until a must-change password is changed the API answers only that screen's calls (issue 36).
  const unread = useUnreadAlerts(!user?.must_change_password && links.some((item) => item.id === "alerts"));

  return (
    <nav className="navbar" aria-label="Main">
      <Link to="/" className="brand" aria-label="Odin home">
        <OdinWordmark />
      </Link>
      <ul className="navbar__links">
        {links.map((item) => (
          <li key={item.id} className="navbar__item">
            <Link
              to={item.to}
              className="navbar__link"
              aria-current={isNavItemActive(item, pathname) ? "page" : undefined}
            >
              {item.label}
            </Link>
            {/* Beside the link, not in it: the link keeps its spec name "Alerts". */}
            {item.id === "alerts" && unread !== null && unread > 0 && (
              <span className="navbar__badge" data-testid="unread-alerts">
                {unread > 99 ? "99+" : unread}
                <span className="visually-hidden"> unread alerts</span>
              </span>
            )}
          </li>
        ))}
      </ul>
      {user && (
        <div className="navbar__user">
          <span>
            <span className="visually-hidden">Signed in as </span>
            <span className="navbar__user-name">{user.username}</span>
            {user.role === "admin" && <span className="navbar__role"> · Admin</span>}
          </span>
          {canLogout && (
            <Button variant="inverse" size="sm" onClick={onLogout}>
              Logout
            </Button>
          )}
        </div>
      )}
    </nav>
  );
}
