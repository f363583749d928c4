import type { TCurrentUser } from "@odin/contract";

/** The fields of the current user that decide what the nav bar shows (spec 000 §2, 001 §2). */
export type NavUser = Pick<TCurrentUser, "username" | "role" | "hotlist_admin" | "hotlist_viewer"> &
  Partial<Pick<TCurrentUser, "auditor">>;

export type NavItemId =
  | "search"
  | "alerts"
  | "admin"
  | "integrations"
  | "audit-log"
  | "review"
  | "owner"
  | "profile"
  | "terms"
  | "privacy"
  | "logout";

export type NavItem =
  | {
      kind: "link";
      id: Exclude<NavItemId, "logout">;
      label: string;
      to: string;
      /** Path prefixes for which this link is the current section (aria-current="page"). */
      activeFor: readonly string[];
    }
  | { kind: "logout"; id: "logout"; label: "Logout" };

type LinkItem = Extract<NavItem, { kind: "link" }>;
const link = (id: LinkItem["id"], label: string, to: string, activeFor: string[] = [to]): LinkItem => ({
  kind: "link",
  id,
  label,
  to,
  activeFor,
});

const SEARCH = link("search", "Search", "/search", ["/search", "/results"]);
const ALERTS = link("alerts", "Alerts", "/alerts", [
  "/alerts",
  "/alert-history-detail",
  "/groups",
  "/create-group",
  "/edit-alerts-permissions",
]);
const ADMIN = link("admin", "Admin", "/admin");
const INTEGRATIONS = link("integrations", "Integrations", "/api-keys", ["/api-keys", "/integrations"]);
const AUDIT_LOG = link("audit-log", "Audit Log", "/audit-log");
const REVIEW = link("review", "Review", "/review");
const OWNER = link("owner", "Owner", "/owner", ["/owner", "/rekor-camera-management"]);
const PROFILE = link("profile", "Profile", "/profile", ["/profile", "/change-password"]);
const TERMS = link("terms", "Terms", "/terms");
const PRIVACY = link("privacy", "Privacy", "/privacy");
const LOGOUT: NavItem = { kind: "logout", id: "logout", label: "Logout" };

/**
 * The nav bar's entries, in display order, for a user (null when signed out). The rules are the spec's:
 * Search, Profile and Logout when signed in; Alerts for admins and hotlist admins or viewers; Admin,
 * Integrations and Audit Log for admins; Owner for the one owner username; Terms and Privacy always.
 * Hiding a link is a convenience only: the API enforces every permission itself.
 */
export function visibleNavLinks(user: NavUser | null, ownerUsername: string | null): NavItem[] {
  if (!user) return [TERMS, PRIVACY];
  const isAdmin = user.role === "admin";
  const seesAlerts = isAdmin || user.hotlist_admin || user.hotlist_viewer;
  const isOwner = ownerUsername !== null && ownerUsername !== "" && user.username === ownerUsername;
  return [
    SEARCH,
    ...(seesAlerts ? [ALERTS] : []),
    ...(isAdmin ? [ADMIN, INTEGRATIONS, AUDIT_LOG] : []),
    // Odin's own (issue 23): supervisor review for admins and auditors.
    ...(isAdmin || user.auditor ? [REVIEW] : []),
    ...(isOwner ? [OWNER] : []),
    PROFILE,
    TERMS,
    PRIVACY,
    LOGOUT,
  ];
}

/** Whether a link is the current section: its path or a sub-path of one of its prefixes. */
export function isNavItemActive(item: LinkItem, pathname: string): boolean {
  return item.activeFor.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
