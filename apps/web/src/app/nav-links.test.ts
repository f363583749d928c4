import { describe, expect, it } from "vitest";
import { isNavItemActive, visibleNavLinks, type NavItem, type NavUser } from "./nav-links";

const OWNER = "odin.owner";
const persona = (overrides: Partial<NavUser>): NavUser => ({
  username: "j.rivera",
  role: "user",
  hotlist_admin: false,
  hotlist_viewer: false,
  ...overrides,
});
const ids = (items: NavItem[]) => items.map((item) => item.id);

describe("visibleNavLinks", () => {
  it("signed out: Terms and Privacy only", () => {
    expect(ids(visibleNavLinks(null, OWNER))).toEqual(["terms", "privacy"]);
  });

  it("investigator (role user, no hotlist flag): Search, Profile, Terms, Privacy, Logout", () => {
    expect(ids(visibleNavLinks(persona({}), OWNER))).toEqual([
      "search",
      "profile",
      "terms",
      "privacy",
      "logout",
    ]);
  });

  it.each([
    ["hotlist viewer", persona({ hotlist_viewer: true })],
    ["hotlist admin", persona({ hotlist_admin: true })],
    ["hotlist admin and viewer", persona({ hotlist_admin: true, hotlist_viewer: true })],
  ])("%s: adds Alerts, nothing of the admin's", (_, user) => {
    expect(ids(visibleNavLinks(user, OWNER))).toEqual([
      "search",
      "alerts",
      "profile",
      "terms",
      "privacy",
      "logout",
    ]);
  });

  it("admin: Alerts, Admin, Integrations, Audit Log and Review", () => {
    expect(ids(visibleNavLinks(persona({ role: "admin" }), OWNER))).toEqual([
      "search",
      "alerts",
      "admin",
      "integrations",
      "audit-log",
      "review",
      "profile",
      "terms",
      "privacy",
      "logout",
    ]);
  });

  it("owner: the Owner link, by username; other rights still come from the role and flags", () => {
    expect(ids(visibleNavLinks(persona({ username: OWNER }), OWNER))).toEqual([
      "search",
      "owner",
      "profile",
      "terms",
      "privacy",
      "logout",
    ]);
    expect(ids(visibleNavLinks(persona({ username: OWNER, role: "admin" }), OWNER))).toContain("owner");
  });

  it("no Owner link when no owner is configured, or for another username", () => {
    expect(ids(visibleNavLinks(persona({ username: OWNER, role: "admin" }), null))).not.toContain("owner");
    expect(ids(visibleNavLinks(persona({ username: "" }), ""))).not.toContain("owner");
    expect(ids(visibleNavLinks(persona({ username: "odin.owner2" }), OWNER))).not.toContain("owner");
  });

  it("auditor: the Review link (issue 23), without the admin's links", () => {
    expect(ids(visibleNavLinks(persona({ auditor: true }), OWNER))).toEqual([
      "search",
      "review",
      "profile",
      "terms",
      "privacy",
      "logout",
    ]);
  });

  it("each link goes to its spec route, Integrations to /api-keys", () => {
    const links = visibleNavLinks(persona({ role: "admin", username: OWNER }), OWNER);
    const to = Object.fromEntries(
      links.flatMap((item) => (item.kind === "link" ? [[item.id, item.to]] : [])),
    );
    expect(to).toEqual({
      search: "/search",
      alerts: "/alerts",
      admin: "/admin",
      integrations: "/api-keys",
      "audit-log": "/audit-log",
      review: "/review",
      owner: "/owner",
      profile: "/profile",
      terms: "/terms",
      privacy: "/privacy",
    });
  });
});

describe("isNavItemActive", () => {
  const links = visibleNavLinks(persona({ role: "admin", username: OWNER }), OWNER).flatMap((item) =>
    item.kind === "link" ? [item] : [],
  );
  const activeAt = (pathname: string) =>
    links.filter((item) => isNavItemActive(item, pathname)).map((i) => i.id);

  it("marks the section of the current screen, including its sub-screens", () => {
    expect(activeAt("/search")).toEqual(["search"]);
    expect(activeAt("/results")).toEqual(["search"]);
    expect(activeAt("/alerts/group/7")).toEqual(["alerts"]);
    expect(activeAt("/groups/7/edit")).toEqual(["alerts"]);
    expect(activeAt("/integrations/axon")).toEqual(["integrations"]);
    expect(activeAt("/rekor-camera-management")).toEqual(["owner"]);
    expect(activeAt("/change-password")).toEqual(["profile"]);
  });

  it("does not confuse paths that merely share a prefix", () => {
    expect(activeAt("/alerts-data")).toEqual([]);
    expect(activeAt("/")).toEqual([]);
  });
});
