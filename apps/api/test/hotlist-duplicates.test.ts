import { MESSAGES } from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHotlistWorld, file, form, type HotlistWorld } from "./hotlist-fixtures";

/** Issue 17: a plate is listed once per group (normalised plate and state); adding it again is a 409. */
let w: HotlistWorld;
beforeAll(async () => {
  w = await createHotlistWorld();
});
afterAll(() => w.close());

let groups = 0;
/** A fresh Hartford group holding `plates` (typed as given, no state unless `state`). */
async function groupWith(plates: { number: string; normalized: string; state?: string }[] = []) {
  const group = await w.t.prisma.hotlistGroup.create({
    data: {
      agencyId: w.hartfordAgencyId,
      name: `Dupes ${++groups}`,
      plates: {
        create: plates.map((plate) => ({
          plateNumber: plate.number,
          plateNormalized: plate.normalized,
          state: plate.state ?? null,
          reason: "listed",
        })),
      },
    },
  });
  return { id: group.id, name: group.name };
}
const entries = async (groupId: number) =>
  (await w.t.prisma.hotlistPlate.findMany({ where: { groupId }, orderBy: { id: "asc" } })).map(
    (plate) => `${plate.plateNumber}|${plate.state ?? ""}`,
  );

const addDirect = (groupId: number, plate: string, state = "") =>
  w.call("hotlistAdmin", "POST", "/hotlist/add-plate-direct", {
    plate_number: plate,
    reason: "Stolen",
    state,
    group_id: groupId,
  });

describe("POST /hotlist/add-plate-direct", () => {
  it("answers 409 for a plate already on the group however it is spelled; another state is another entry", async () => {
    const group = await groupWith();
    expect((await addDirect(group.id, "A13709")).statusCode).toBe(200);
    for (const spelling of ["A13709", "a-13 709", " A 137-09 "]) {
      const res = await addDirect(group.id, spelling);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({
        code: "CONFLICT",
        message: MESSAGES.plateAlreadyOnGroup(spelling.trim().toUpperCase(), group.name),
      });
    }
    expect(MESSAGES.plateAlreadyOnGroup("a-13 709", group.name)).toBe(
      `'a-13 709' is already on '${group.name}'`,
    );
    expect((await addDirect(group.id, "A13709", "CT")).statusCode).toBe(200);
    expect((await addDirect(group.id, "A-13709", "Connecticut")).statusCode).toBe(409);
    expect(await entries(group.id)).toEqual(["A13709|", "A13709|CT"]);
    // Another group may list it.
    expect((await addDirect((await groupWith()).id, "A13709")).statusCode).toBe(200);
  });

  it("lets exactly one of many concurrent adds of one plate succeed", async () => {
    const group = await groupWith();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => addDirect(group.id, i % 2 ? "B-22 810" : "B22810")),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((answer) => answer.statusCode === 409)) {
      expect(res.json().error.message).toMatch(/^'B-?22 ?810' is already on 'Dupes \d+'$/);
    }
    expect(await entries(group.id)).toHaveLength(1);
  });
});

describe("the group forms' plates[i]", () => {
  it("edit: a plate already on the group, or repeated in the form, refuses the whole save", async () => {
    const group = await groupWith([{ number: "C-300", normalized: "C300" }]);
    const save = (plates: Record<string, string>) =>
      w.call(
        "hotlistAdmin",
        "POST",
        `/groups/${group.id}/edit-mobile`,
        form({ group_name: "Renamed", group_description: "", group_members: "", ...plates }),
      );

    const listed = await save({ "plates[0][number]": "D400", "plates[3][number]": "c 300" });
    expect(listed.statusCode, listed.body).toBe(409);
    expect(listed.json().error).toMatchObject({
      message: MESSAGES.plateAlreadyOnGroup("C 300", "Renamed"),
      details: [{ path: "plates[3][number]", message: MESSAGES.plateAlreadyOnGroup("C 300", "Renamed") }],
    });

    const repeated = await save({ "plates[0][number]": "D400", "plates[1][number]": "d-400" });
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json().error.details).toEqual([
      { path: "plates[1][number]", message: MESSAGES.plateRepeatsFormPlate("D-400", 1) },
    ]);

    expect(await entries(group.id)).toEqual(["C-300|"]);
    expect((await w.t.prisma.hotlistGroup.findUniqueOrThrow({ where: { id: group.id } })).name).toBe(
      group.name,
    );
    expect(await w.filesIn("attachments")).toEqual([]);

    const fine = await save({ "plates[0][number]": "C300", "plates[0][state]": "CT" });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(await entries(group.id)).toEqual(["C-300|", "C300|CT"]);
  });

  it("create: two plates of the form that are one entry refuse the group", async () => {
    const before = await w.t.prisma.hotlistGroup.count();
    const res = await w.call(
      "hotlistAdmin",
      "POST",
      "/groups/create-mobile",
      form({
        group_name: "Twice",
        group_members: "",
        "plates[0][number]": "E500",
        "plates[0][state]": "CT",
        "plates[1][number]": "E-500",
        "plates[1][state]": "ct",
      }),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(MESSAGES.plateRepeatsFormPlate("E-500", 1));
    expect(await w.t.prisma.hotlistGroup.count()).toBe(before);
  });
});

describe("POST /groups/{id}/bulk-upload-plates", () => {
  const upload = (groupId: number, csv: string, mode: "add" | "replace") =>
    w.call(
      "hotlistAdmin",
      "POST",
      `/groups/${groupId}/bulk-upload-plates`,
      form({ csv_file: file(csv, "plates.csv", "text/csv"), mode }),
    );

  it("add: rows already on the group or repeating an earlier row are named by line; nothing is added", async () => {
    const group = await groupWith([{ number: "F600", normalized: "F600" }]);
    const csv = "plate_number,state,reason\nf-600,,again\nG700,CT,\nG701,,\ng 700,Connecticut,twice\n";
    const res = await upload(group.id, csv, "add");
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toEqual({
      code: "CONFLICT",
      message: MESSAGES.platesAlreadyListed(2, group.name),
      details: [
        { path: "line 2", message: MESSAGES.plateAlreadyOnGroup("F-600", group.name) },
        { path: "line 5", message: MESSAGES.plateRepeatsLine("G 700", 3) },
      ],
    });
    expect(await entries(group.id)).toEqual(["F600|"]);

    const one = await upload(group.id, "plate_number\nG700\nF 600\n", "add");
    expect(one.statusCode).toBe(409);
    expect(one.json().error.message).toBe(MESSAGES.plateAlreadyOnGroup("F 600", group.name));

    const fine = await upload(group.id, "plate_number,state\nG700,\nF600,CT\n", "add");
    expect(fine.statusCode, fine.body).toBe(200);
    expect(await entries(group.id)).toEqual(["F600|", "G700|", "F600|CT"]);
  });

  it("replace: only repeats within the file count (the list is replaced)", async () => {
    const group = await groupWith([{ number: "H800", normalized: "H800" }]);
    const repeated = await upload(group.id, "plate_number\nH800\nJ900\nh-800\n", "replace");
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json().error.details).toEqual([
      { path: "line 4", message: MESSAGES.plateRepeatsLine("H-800", 2) },
    ]);
    expect(await entries(group.id)).toEqual(["H800|"]);

    const fine = await upload(group.id, "plate_number\nH-800\nJ900\n", "replace");
    expect(fine.statusCode, fine.body).toBe(200);
    expect(await entries(group.id)).toEqual(["H-800|", "J900|"]);
  });
});
