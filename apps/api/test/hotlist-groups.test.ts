import { MESSAGES, ZAlertsDataResponse, ZEditGroupData, ZGroupDetailsResponse } from "@odin/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createHotlistWorld,
  file,
  form,
  PDF,
  picture,
  whileDatabaseRefusesBoom,
  type HotlistWorld,
} from "./hotlist-fixtures";

let w: HotlistWorld;
beforeAll(async () => {
  w = await createHotlistWorld();
});
afterAll(() => w.close());

const details = async (groupId: number, who = "hotlistAdmin") => {
  const res = await w.call(who, "GET", `/alerts/group/${groupId}/details-data`);
  expect(res.statusCode, res.body).toBe(200);
  return ZGroupDetailsResponse.parse(res.json());
};

const hartfordUsers = () =>
  w.t.prisma.user.findMany({ where: { agencyId: w.hartfordAgencyId, deletedAt: null, approved: true } });

async function addAlert(
  groupId: number,
  timestamp: string,
  imagePath: string | null,
  axisDetectionId: bigint | null = null,
) {
  await w.t.prisma.alert.create({
    data: {
      groupId,
      sourceProgram: "Axis",
      sourceReadId: `read-${groupId}-${timestamp}`,
      plate: "ALERT1",
      timestamp: new Date(timestamp),
      reason: "test",
      dateAdded: new Date(timestamp),
      imagePath,
      axisDetectionId,
    },
  });
}

describe("create a group (POST /groups/create-mobile)", () => {
  it("creates the group with members and a re-encoded picture without metadata", async () => {
    const users = await hartfordUsers();
    const investigator = users.find((user) => user.username === "hartford.investigator")!;
    const viewer = users.find((user) => user.username === "hartford.hotlistviewer")!;
    const photo = await picture("jpeg", { width: 2400, height: 1600, exif: true });
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const res = await w.call(
      "hotlistAdmin",
      "POST",
      "/groups/create-mobile",
      form({
        group_name: "  Burglary suspects ",
        group_description: "Seen near Park St",
        group_members: `${investigator.id}, ${viewer.id}`,
        group_image_file: file(photo, "phone.jpg", "image/jpeg"),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ success: true; message: string; group_id: number }>();
    expect(answer).toMatchObject({ success: true, message: MESSAGES.groupCreated });

    const group = await details(answer.group_id);
    expect(group.group).toMatchObject({ name: "Burglary suspects", description: "Seen near Park St" });
    expect(group.members.map((member) => member.email).sort()).toEqual(
      [investigator.email, viewer.email].sort(),
    );
    expect(group.group.image_url).toMatch(new RegExp(`^/groups/${answer.group_id}/image\\?v=[0-9a-f]{8}$`));

    const image = await w.call("hotlistViewer", "GET", group.group.image_url!);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
    expect(image.headers["x-content-type-options"]).toBe("nosniff");
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe("webp");
    expect(Math.max(meta.width, meta.height)).toBe(1024);
    expect(meta.exif).toBeUndefined();
    expect(await w.filesIn("groups")).toHaveLength(1);

    const audit = await w.t.prisma.auditLog.findFirst({ where: { action: "hotlist_group_created" } });
    expect(audit?.detail).toMatchObject({ group_id: answer.group_id, name: "Burglary suspects" });
  });

  it("requires a name, with the spec's message", async () => {
    const res = await w.call("hotlistAdmin", "POST", "/groups/create-mobile", form({ group_name: "  " }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.groupNameRequired);
  });

  it("refuses members of another agency and a picture that is not one, writing nothing", async () => {
    const before = await w.t.prisma.hotlistGroup.count();
    const files = await w.filesIn("groups");
    const stranger = await w.t.prisma.user.findFirstOrThrow({ where: { username: "newhaven.investigator" } });
    const members = await w.call(
      "hotlistAdmin",
      "POST",
      "/groups/create-mobile",
      form({
        group_name: "Mixed",
        group_members: String(stranger.id),
        group_image_file: file(await picture("png"), "ok.png"),
      }),
    );
    expect(members.statusCode).toBe(400);
    expect(members.json().error.details).toEqual([
      { path: "group_members", message: expect.stringContaining(String(stranger.id)) },
    ]);

    const notAPicture = await w.call(
      "hotlistAdmin",
      "POST",
      "/groups/create-mobile",
      form({ group_name: "Text", group_image_file: file("<svg onload=alert(1)>", "evil.png", "image/png") }),
    );
    expect(notAPicture.statusCode).toBe(400);
    expect(notAPicture.json().error.details[0].path).toBe("group_image_file");

    expect(await w.t.prisma.hotlistGroup.count()).toBe(before);
    expect(await w.filesIn("groups")).toEqual(files);
  });

  it("lists the caller's agency's approved, not-deleted users (GET /group-create-data)", async () => {
    await w.addUser({ username: "hartford.gone", agencyId: w.hartfordAgencyId, deleted: true });
    await w.addUser({ username: "hartford.pending", agencyId: w.hartfordAgencyId, approved: false });
    const res = await w.call("hotlistAdmin", "GET", "/group-create-data");
    expect(res.statusCode).toBe(200);
    const byAgency = res.json<{ users_by_agency: Record<string, { email: string }[]> }>().users_by_agency;
    expect(Object.keys(byAgency)).toEqual(["Hartford Police Department"]);
    const emails = byAgency["Hartford Police Department"]!.map((user) => user.email);
    expect(emails.sort()).toEqual((await hartfordUsers()).map((user) => user.email).sort());
    expect(
      emails.some(
        (email) => email.includes("gone") || email.includes("pending") || email.includes("newhaven"),
      ),
    ).toBe(false);
  });
});

describe("GET /alerts-data", () => {
  it("lists visible groups, newest alert first then by name, with the latest alert's time and picture", async () => {
    const make = async (name: string, image?: Buffer) => {
      const fields: Record<string, string | Blob> = { group_name: name };
      if (image) fields.group_image_file = file(image, "g.png");
      const res = await w.call("admin", "POST", "/groups/create-mobile", form(fields));
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ group_id: number }>().group_id;
    };
    const older = await make("Zulu watch");
    const newer = await make("Yankee watch");
    const pictured = await make("Alpha watch", await picture("png"));
    await addAlert(older, "2025-01-10T08:00:00.000Z", "axis/1/2025/01/10/a b.jpg");
    await addAlert(older, "2025-01-11T09:30:05.120Z", null);
    await addAlert(newer, "2025-02-01T12:00:00.000Z", "axis/1/2025/02/01/x.jpg");
    const axis = await make("Xray watch", await picture("png"));
    await addAlert(axis, "2025-01-05T00:00:00.000Z", null, 42n);

    const res = await w.call("hotlistAdmin", "GET", "/alerts-data");
    expect(res.statusCode).toBe(200);
    const cards = ZAlertsDataResponse.parse(res.json());
    const ids = cards.map((card) => card.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(axis));
    expect(ids.indexOf(axis)).toBeLessThan(ids.indexOf(pictured));
    const withoutAlerts = cards.filter((card) => card.last_alert === null).map((card) => card.name);
    expect(withoutAlerts).toEqual([...withoutAlerts].sort((a, b) => a.localeCompare(b)));

    const byId = new Map(cards.map((card) => [card.id, card]));
    expect(byId.get(newer)).toMatchObject({
      last_alert: "2025-02-01T12:00:00.000",
      latest_image_url: `/alerts/proxy-alert-image?path=${encodeURIComponent("axis/1/2025/02/01/x.jpg")}`,
    });
    // The latest alert has no picture and the group none either.
    expect(byId.get(older)).toMatchObject({ last_alert: "2025-01-11T09:30:05.120", latest_image_url: null });
    // An Axis alert without a stored picture shows its read's, as the alert history does.
    expect(byId.get(axis)?.latest_image_url).toBe("/axis/proxy-detection-image?id=42");
    expect(byId.get(pictured)?.latest_image_url).toMatch(new RegExp(`^/groups/${pictured}/image\\?v=`));
  });

  it("shows a hotlist viewer only the groups they are a member of, and other agencies nothing", async () => {
    const viewer = ZAlertsDataResponse.parse((await w.call("hotlistViewer", "GET", "/alerts-data")).json());
    const memberships = await w.t.prisma.hotlistGroupMember.findMany({
      where: { user: { username: "hartford.hotlistviewer" }, group: { archived: false } },
    });
    expect(viewer.map((card) => card.id).sort()).toEqual(memberships.map((m) => m.groupId).sort());
    expect(viewer.map((card) => card.id)).toContain(w.hartfordGroupId);

    const other = ZAlertsDataResponse.parse((await w.call("otherAgencyAdmin", "GET", "/alerts-data")).json());
    expect(other.map((card) => card.id)).toEqual([w.newHavenGroupId]);
  });
});

describe("details, edit data and edit (POST /groups/{id}/edit-mobile)", () => {
  it("answers the details with members and plates (added by, agency, attachment name)", async () => {
    const res = await details(w.hartfordGroupId, "hotlistViewer");
    expect(res.group).toMatchObject({
      id: w.hartfordGroupId,
      name: "Hartford Stolen Vehicles",
      image_url: null,
    });
    expect(res.members.map((member) => member.name).sort()).toEqual([
      "Hartford Hotlist Admin",
      "Hartford Hotlist Viewer",
    ]);
    expect(res.plates.map((plate) => plate.plate_number).sort()).toEqual(["AK 47281", "KGL-4821"]);
    expect(res.plates[0]).toMatchObject({
      added_by_name: "Hartford Hotlist Admin",
      added_by_agency: "Hartford Police Department",
      attachment_path: null,
    });
  });

  it("answers the edit data with member ids and the agency's users", async () => {
    const res = await w.call("hotlistAdmin", "GET", `/groups/${w.hartfordGroupId}/edit-data`);
    expect(res.statusCode).toBe(200);
    const data = ZEditGroupData.parse(res.json());
    expect(data.group.member_ids).toHaveLength(2);
    expect(data.members.map((member) => member.id).sort()).toEqual([...data.group.member_ids].sort());
    expect(Object.keys(data.users_by_agency)).toEqual(["Hartford Police Department"]);
  });

  it("saves name, description, members and new plates with attachments (a .pdf-named PNG is a PNG)", async () => {
    const users = await hartfordUsers();
    const admin = users.find((user) => user.username === "hartford.hotlistadmin")!;
    const png = await picture("png");
    const res = await w.call(
      "hotlistAdmin",
      "POST",
      `/groups/${w.hartfordGroupId}/edit-mobile`,
      form({
        group_name: "Hartford Stolen Vehicles (2025)",
        group_description: "",
        group_members: String(admin.id),
        "plates[0][number]": " ab-123 ",
        "plates[0][state]": "connecticut",
        "plates[0][reason]": "Stolen",
        "plates[0][file]": file(PDF, "report.pdf", "application/pdf"),
        "plates[1][number]": "ZX 9",
        "plates[1][file]": file(png, "photo.pdf", "application/pdf"),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.groupUpdated });

    const group = await details(w.hartfordGroupId);
    expect(group.group).toMatchObject({ name: "Hartford Stolen Vehicles (2025)", description: null });
    expect(group.members.map((member) => member.id)).toEqual([admin.id]);
    const stored = await w.t.prisma.hotlistPlate.findMany({
      where: { groupId: w.hartfordGroupId, plateNormalized: { in: ["AB123", "ZX9"] } },
      orderBy: { plateNormalized: "asc" },
    });
    expect(
      stored.map((plate) => [plate.plateNumber, plate.state, plate.reason, plate.attachmentMime]),
    ).toEqual([
      ["AB-123", "CT", "Stolen", "application/pdf"],
      ["ZX 9", null, "", "image/png"],
    ]);
    const listed = group.plates.find((plate) => plate.plate_number === "AB-123")!;
    expect(listed.attachment_path).toBe(stored[0]!.attachmentPath);
    expect(listed.attachment_path).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(stored[1]!.attachmentPath).toMatch(/\.png$/);
    expect(await w.filesIn("attachments")).toEqual(
      expect.arrayContaining([stored[0]!.attachmentPath, stored[1]!.attachmentPath]),
    );

    const actions = (
      await w.t.prisma.auditLog.findMany({ where: { action: { startsWith: "hotlist_" } } })
    ).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["hotlist_group_updated", "hotlist_plates_added"]));

    // Put the demo members back for the tests that follow.
    const viewer = users.find((user) => user.username === "hartford.hotlistviewer")!;
    await w.t.prisma.hotlistGroupMember.create({ data: { groupId: w.hartfordGroupId, userId: viewer.id } });
  });

  it("refuses a text file named .pdf and a plate without a number, naming the fields, and writes nothing", async () => {
    const before = await w.t.prisma.hotlistPlate.count({ where: { groupId: w.hartfordGroupId } });
    const files = await w.filesIn("attachments");
    const res = await w.call(
      "hotlistAdmin",
      "POST",
      `/groups/${w.hartfordGroupId}/edit-mobile`,
      form({
        group_name: "Renamed",
        "plates[0][number]": "GOOD1",
        "plates[0][file]": file(PDF, "fine.pdf"),
        "plates[1][number]": "TXT1",
        "plates[1][file]": file("just some text, not a PDF", "notes.pdf", "application/pdf"),
        "plates[2][reason]": "no number",
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { path: "plates[1][file]", message: expect.stringContaining("PDF, PNG, JPEG or WebP") },
      { path: "plates[2][number]", message: MESSAGES.plateNumberRequired },
    ]);
    expect(await w.t.prisma.hotlistPlate.count({ where: { groupId: w.hartfordGroupId } })).toBe(before);
    expect((await details(w.hartfordGroupId)).group.name).toBe("Hartford Stolen Vehicles (2025)");
    expect(await w.filesIn("attachments")).toEqual(files);
  });

  it("removes the files it wrote when the transaction fails", async () => {
    await whileDatabaseRefusesBoom(w.t, async () => {
      const attachments = await w.filesIn("attachments");
      const pictures = await w.filesIn("groups");
      const res = await w.call(
        "hotlistAdmin",
        "POST",
        `/groups/${w.hartfordGroupId}/edit-mobile`,
        form({
          group_name: "Should not stick",
          group_image_file: file(await picture("png"), "new.png"),
          "plates[0][number]": "BOOM",
          "plates[0][file]": file(PDF, "a.pdf"),
        }),
      );
      expect(res.statusCode).toBe(500);
      expect(await w.filesIn("attachments")).toEqual(attachments);
      expect(await w.filesIn("groups")).toEqual(pictures);
      expect((await details(w.hartfordGroupId)).group.name).toBe("Hartford Stolen Vehicles (2025)");
    });
  });
});

describe("POST /hotlist/add-plate-direct", () => {
  it("lets a hotlist viewer member add a plate from a search result", async () => {
    const res = await w.call("hotlistViewer", "POST", "/hotlist/add-plate-direct", {
      plate_number: " 7ab-c12 ",
      reason: " Wanted ",
      state: "",
      notes: "Blue sedan",
      group_id: String(w.hartfordGroupId),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.plateAddedToHotlist });
    const plate = await w.t.prisma.hotlistPlate.findFirstOrThrow({
      where: { plateNormalized: "7ABC12" },
      include: { addedBy: true },
    });
    expect(plate).toMatchObject({
      plateNumber: "7AB-C12",
      state: null,
      reason: "Wanted",
      notes: "Blue sedan",
      groupId: w.hartfordGroupId,
    });
    expect(plate.addedBy?.username).toBe("hartford.hotlistviewer");
  });

  it("answers the spec's message without a group or a reason, and refuses an unknown state", async () => {
    for (const body of [
      { plate_number: "ABC1", reason: "x" },
      { plate_number: "ABC1", reason: "  ", group_id: w.hartfordGroupId },
    ]) {
      const res = await w.call("hotlistAdmin", "POST", "/hotlist/add-plate-direct", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(MESSAGES.selectGroupAndReason);
    }
    const state = await w.call("hotlistAdmin", "POST", "/hotlist/add-plate-direct", {
      plate_number: "ABC1",
      reason: "x",
      state: "Ontario",
      group_id: w.hartfordGroupId,
    });
    expect(state.statusCode).toBe(400);
    expect(state.json().error.details[0].path).toBe("state");
  });

  it("takes Odin's optional match_strategy (issue 19): exact by default, lenient when asked, else 400", async () => {
    const add = (plate: string, extra: Record<string, unknown>) =>
      w.call("hotlistAdmin", "POST", "/hotlist/add-plate-direct", {
        plate_number: plate,
        reason: "Stolen",
        group_id: w.hartfordGroupId,
        ...extra,
      });
    expect((await add("MS1001", {})).statusCode).toBe(200);
    expect((await add("MS1002", { match_strategy: "Lenient" })).statusCode).toBe(200);
    expect((await add("MS1003", { match_strategy: "" })).statusCode).toBe(200);
    const rows = await w.t.prisma.hotlistPlate.findMany({
      where: { plateNormalized: { in: ["MS1001", "MS1002", "MS1003"] } },
      orderBy: { plateNormalized: "asc" },
    });
    expect(rows.map((row) => [row.plateNormalized, row.matchStrategy, row.plateSkeleton])).toEqual([
      ["MS1001", "exact", "M51001"],
      ["MS1002", "lenient", "M51002"],
      ["MS1003", "exact", "M51003"],
    ]);
    const fuzzy = await add("MS1004", { match_strategy: "fuzzy" });
    expect(fuzzy.statusCode).toBe(400);
    expect(fuzzy.json().error).toMatchObject({
      message: MESSAGES.matchStrategyInvalid,
      details: [{ path: "match_strategy", message: MESSAGES.matchStrategyInvalid }],
    });
  });

  it("answers 404 for a group of another agency or one the caller does not belong to", async () => {
    const body = { plate_number: "ABC1", reason: "x", group_id: w.newHavenGroupId };
    expect((await w.call("hotlistAdmin", "POST", "/hotlist/add-plate-direct", body)).statusCode).toBe(404);
    const outsider = await w.addUser({
      username: "hartford.viewer2",
      agencyId: w.hartfordAgencyId,
      hotlistViewer: true,
    });
    const res = await w.call(outsider.token, "POST", "/hotlist/add-plate-direct", {
      ...body,
      group_id: w.hartfordGroupId,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("who may do what", () => {
  const editCalls = (
    groupId: number,
  ): [string, Record<string, unknown> | FormData | undefined, "GET" | "POST"][] => [
    [`/groups/${groupId}/edit-data`, undefined, "GET"],
    [`/groups/${groupId}/edit-mobile`, form({ group_name: "x" }), "POST"],
    [
      `/groups/${groupId}/bulk-upload-plates`,
      form({ mode: "add", csv_file: file("plate_number\nA1\n", "p.csv") }),
      "POST",
    ],
    [`/groups/${groupId}/remove-plate`, { plate_id: 1 }, "POST"],
    ["/archive-group", { group_id: groupId }, "POST"],
    ["/group-create-data", undefined, "GET"],
    ["/groups/create-mobile", form({ group_name: "x" }), "POST"],
  ];

  it("a hotlist viewer member reads the group but gets 403 on every edit call", async () => {
    expect(
      (await w.call("hotlistViewer", "GET", `/alerts/group/${w.hartfordGroupId}/details-data`)).statusCode,
    ).toBe(200);
    for (const [url, payload, method] of editCalls(w.hartfordGroupId)) {
      expect((await w.call("hotlistViewer", method, url, payload)).statusCode, url).toBe(403);
    }
  });

  it("a hotlist viewer who is not a member gets 404 for the group's URLs", async () => {
    const outsider = await w.addUser({
      username: "hartford.viewer3",
      agencyId: w.hartfordAgencyId,
      hotlistViewer: true,
    });
    for (const url of [
      `/alerts/group/${w.hartfordGroupId}/details-data`,
      `/groups/${w.hartfordGroupId}/image`,
      `/get-hotlist-attachment-url/x.pdf?plate_id=1`,
    ]) {
      expect((await w.call(outsider.token, "GET", url)).statusCode, url).toBe(404);
    }
  });

  it("an admin of another agency gets 404 for every URL of Hartford's group", async () => {
    const plate = await w.t.prisma.hotlistPlate.findFirstOrThrow({ where: { groupId: w.hartfordGroupId } });
    const calls = editCalls(w.hartfordGroupId).filter(
      ([url]) => !url.startsWith("/group-create-data") && !url.startsWith("/groups/create"),
    );
    calls.push(
      [`/alerts/group/${w.hartfordGroupId}/details-data`, undefined, "GET"],
      [`/groups/${w.hartfordGroupId}/image`, undefined, "GET"],
      [`/groups/${w.hartfordGroupId}/remove-plate`, { plate_id: plate.id }, "POST"],
    );
    for (const [url, payload, method] of calls) {
      expect((await w.call("otherAgencyAdmin", method, url, payload)).statusCode, url).toBe(404);
    }
    expect(await w.t.prisma.hotlistPlate.findUnique({ where: { id: plate.id } })).not.toBeNull();
  });
});

describe("POST /toggle-push-alerts", () => {
  it("flips the caller's setting and answers the new value", async () => {
    const first = await w.call("hotlistViewer", "POST", "/toggle-push-alerts");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ push_alerts: true });
    expect(
      (await w.t.prisma.user.findUniqueOrThrow({ where: { username: "hartford.hotlistviewer" } })).pushAlerts,
    ).toBe(true);
    expect((await w.call("hotlistViewer", "POST", "/toggle-push-alerts")).json()).toEqual({
      push_alerts: false,
    });
    expect((await w.call("investigator", "POST", "/toggle-push-alerts")).statusCode).toBe(403);
  });
});

describe("POST /archive-group", () => {
  it("archives the group, removes its plates and their files, keeps its alerts", async () => {
    const created = await w.call(
      "hotlistAdmin",
      "POST",
      "/groups/create-mobile",
      form({ group_name: "Short-lived", "plates[0][number]": "ARC1", "plates[0][file]": file(PDF, "a.pdf") }),
    );
    const groupId = created.json<{ group_id: number }>().group_id;
    const plate = await w.t.prisma.hotlistPlate.findFirstOrThrow({ where: { groupId } });
    expect(await w.filesIn("attachments")).toContain(plate.attachmentPath);
    await addAlert(groupId, "2025-03-01T00:00:00.000Z", null);

    const res = await w.call(
      "hotlistAdmin",
      "POST",
      "/archive-group",
      new URLSearchParams({ group_id: String(groupId) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.groupArchived });
    expect(await w.t.prisma.hotlistGroup.findUnique({ where: { id: groupId } })).toMatchObject({
      archived: true,
    });
    expect(await w.t.prisma.hotlistPlate.count({ where: { groupId } })).toBe(0);
    expect(await w.t.prisma.alert.count({ where: { groupId } })).toBe(1);
    expect(await w.filesIn("attachments")).not.toContain(plate.attachmentPath);
    expect(await w.t.prisma.auditLog.count({ where: { action: "hotlist_group_archived" } })).toBe(1);

    expect((await w.call("hotlistAdmin", "GET", `/alerts/group/${groupId}/details-data`)).statusCode).toBe(
      404,
    );
    const cards = ZAlertsDataResponse.parse((await w.call("hotlistAdmin", "GET", "/alerts-data")).json());
    expect(cards.map((card) => card.id)).not.toContain(groupId);
    expect((await w.call("hotlistAdmin", "POST", "/archive-group", { group_id: groupId })).statusCode).toBe(
      404,
    );
  });
});
