import { MESSAGES, ZAgencyUsersResponse } from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHotlistWorld, type HotlistWorld } from "./hotlist-fixtures";

let w: HotlistWorld;
beforeAll(async () => {
  w = await createHotlistWorld();
});
afterAll(() => w.close());

const user = (username: string) => w.t.prisma.user.findUniqueOrThrow({ where: { username } });
const flags = async (username: string) => {
  const { hotlistAdmin, hotlistViewer } = await user(username);
  return { hotlistAdmin, hotlistViewer };
};

describe("GET /agency-users-api", () => {
  it("lists the caller's agency's approved, not-deleted users with their hotlist flags", async () => {
    await w.addUser({ username: "hartford.deleted", agencyId: w.hartfordAgencyId, deleted: true });
    await w.addUser({ username: "hartford.unapproved", agencyId: w.hartfordAgencyId, approved: false });
    const res = await w.call("hotlistAdmin", "GET", "/agency-users-api");
    expect(res.statusCode).toBe(200);
    const { users } = ZAgencyUsersResponse.parse(res.json());
    expect(users.map((u) => u.email).sort()).toEqual(
      ["admin", "hotlistadmin", "hotlistviewer", "investigator"]
        .map((s) => `hartford.${s}@${users[0]!.email.split("@")[1]}`)
        .sort(),
    );
    expect(users.find((u) => u.email.startsWith("hartford.hotlistviewer"))).toMatchObject({
      hotlist_admin: false,
      hotlist_viewer: true,
    });
    const other = ZAgencyUsersResponse.parse(
      (await w.call("otherAgencyAdmin", "GET", "/agency-users-api")).json(),
    );
    expect(other.users.every((u) => u.email.startsWith("newhaven."))).toBe(true);
  });
});

describe("POST /update-alert-permissions-api", () => {
  it("sets the flags of the agency's users, records the change, leaves keys not sent alone", async () => {
    const investigator = await user("hartford.investigator");
    const viewer = await user("hartford.hotlistviewer");
    const res = await w.call("hotlistAdmin", "POST", "/update-alert-permissions-api", {
      [`hotlist_admin_${investigator.id}`]: false,
      [`hotlist_viewer_${investigator.id}`]: true,
      [`hotlist_admin_${viewer.id}`]: "true",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.permissionsUpdated });
    expect(await flags("hartford.investigator")).toEqual({ hotlistAdmin: false, hotlistViewer: true });
    expect(await flags("hartford.hotlistviewer")).toEqual({ hotlistAdmin: true, hotlistViewer: true });

    const audit = await w.t.prisma.auditLog.findFirstOrThrow({
      where: { action: "hotlist_permissions_changed" },
    });
    expect(audit.username).toBe("hartford.hotlistadmin");
    expect(audit.detail).toEqual(
      [
        { user_id: viewer.id, name: viewer.name, hotlist_admin: true },
        { user_id: investigator.id, name: investigator.name, hotlist_viewer: true },
      ].sort((a, b) => a.user_id - b.user_id),
    );

    // The investigator, now a hotlist viewer, may open the alerts pages at once.
    expect((await w.call("investigator", "GET", "/alerts-data")).statusCode).toBe(200);
  });

  it("refuses the whole update when it names a user of another agency (400), changing nothing", async () => {
    const investigator = await user("hartford.investigator");
    const stranger = await user("newhaven.investigator");
    const before = [await flags("hartford.investigator"), await flags("newhaven.investigator")];
    const res = await w.call("hotlistAdmin", "POST", "/update-alert-permissions-api", {
      [`hotlist_viewer_${investigator.id}`]: false,
      [`hotlist_admin_${stranger.id}`]: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { path: `hotlist_admin_${stranger.id}`, message: "is not a user of your agency" },
    ]);
    expect([await flags("hartford.investigator"), await flags("newhaven.investigator")]).toEqual(before);

    const deleted = await w.t.prisma.user.findUniqueOrThrow({ where: { username: "hartford.deleted" } });
    const gone = await w.call("hotlistAdmin", "POST", "/update-alert-permissions-api", {
      [`hotlist_viewer_${deleted.id}`]: true,
    });
    expect(gone.statusCode).toBe(400);
  });

  it("lets an admin of another agency change only their own agency's users", async () => {
    const hartfordUser = await user("hartford.investigator");
    const before = await flags("hartford.investigator");
    const res = await w.call("otherAgencyAdmin", "POST", "/update-alert-permissions-api", {
      [`hotlist_admin_${hartfordUser.id}`]: true,
    });
    expect(res.statusCode).toBe(400);
    expect(await flags("hartford.investigator")).toEqual(before);

    const own = await user("newhaven.investigator");
    const ok = await w.call("otherAgencyAdmin", "POST", "/update-alert-permissions-api", {
      [`hotlist_viewer_${own.id}`]: true,
    });
    expect(ok.statusCode).toBe(200);
    expect(await flags("newhaven.investigator")).toEqual({ hotlistAdmin: false, hotlistViewer: true });
  });

  it("refuses keys outside the payload's pattern, and hotlist viewers", async () => {
    const bad = await w.call("hotlistAdmin", "POST", "/update-alert-permissions-api", { role_1: true });
    expect(bad.statusCode).toBe(400);
    const viewer = await w.addUser({
      username: "hartford.viewer",
      agencyId: w.hartfordAgencyId,
      hotlistViewer: true,
    });
    const refused = await w.call(viewer.token, "POST", "/update-alert-permissions-api", {});
    expect(refused.statusCode).toBe(403);
  });
});
