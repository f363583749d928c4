import { MESSAGES, USER_CSV_COLUMNS } from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInWithPassword } from "../src/identity/password-sign-in";
import { auditRows, caller, multipart } from "./admin-helpers";
import { buildTestApp, type TestApp } from "./helpers";
import { seedPersonas } from "./tokens";

const csv = (...lines: string[]) =>
  multipart({ file: { filename: "users.csv", content: lines.join("\r\n") } });

describe("bulk user upload and its template (spec 001 §7 Admin)", () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await buildTestApp();
    call = caller(t, await seedPersonas(t));
  });
  afterAll(() => t?.close());

  it("GET /download-template answers the CSV header as an attachment", async () => {
    const res = await call("admin", "GET", "/download-template");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="odin-users-template.csv"');
    expect(res.body).toBe(`${USER_CSV_COLUMNS.join(",")}\r\n`);
    expect((await call("investigator", "GET", "/download-template")).statusCode).toBe(403);
  });

  it("POST /bulk-upload-users adds every row of a valid file to the admin's agency, audited once", async () => {
    const res = await call(
      "admin",
      "POST",
      "/bulk-upload-users",
      csv(
        "username,name,email,password,role",
        " ann.lee , Ann Lee ,Ann.Lee@Example.com,Str0ng-pass!,",
        'bob.roy,"Roy, Bob",bob.roy@example.com,Str0ng-pass!,ADMIN',
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.usersUploaded(2), added: 2, errors: [] });
    const users = await t.prisma.user.findMany({
      where: { username: { in: ["ann.lee", "bob.roy"] } },
      include: { agency: true },
      orderBy: { username: "asc" },
    });
    expect(users.map((u) => [u.username, u.name, u.email, u.role, u.approved, u.agency?.name])).toEqual([
      ["ann.lee", "Ann Lee", "ann.lee@example.com", "user", true, "Hartford Police Department"],
      ["bob.roy", "Roy, Bob", "bob.roy@example.com", "admin", true, "Hartford Police Department"],
    ]);
    expect(await signInWithPassword(t.prisma, "bob.roy", "Str0ng-pass!")).toMatchObject({ ok: true });
    expect((await auditRows(t, "users_uploaded")).map((row) => row.detail)).toEqual([
      expect.objectContaining({ count: 2, usernames: ["ann.lee", "bob.roy"] }),
    ]);
  });

  it("all or nothing: one bad row rejects the file, listing every rejected row by line", async () => {
    const before = await t.prisma.user.count();
    const res = await call(
      "admin",
      "POST",
      "/bulk-upload-users",
      csv(
        "username,name,email,password",
        "good.one,Good One,good.one@example.com,Str0ng-pass!",
        "weak.one,Weak One,weak.one@example.com,weakpass",
        ",No Name,noname@example.com,Str0ng-pass!",
        "good.two,Good Two,GOOD.ONE@example.com,Str0ng-pass!",
        "ANN.LEE,Ann Again,ann.again@example.com,Str0ng-pass!",
        "owner,Not Owner,not.owner@example.com,Str0ng-pass!",
      ),
    );
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{
      error: { code: string; message: string; details: { path: string; message: string }[] };
    }>();
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.message).toBe("Nothing was added: 5 row(s) of the file have errors.");
    expect(error.details).toEqual([
      { path: "line 3", message: "password: An uppercase letter; A digit; A special character" },
      { path: "line 4", message: `username: ${MESSAGES.usernameRequired}` },
      { path: "line 5", message: "email repeats line 2." },
      { path: "line 6", message: "The username 'ANN.LEE' is already taken." },
      { path: "line 7", message: "username: 'owner' is reserved for the owner account." },
    ]);
    expect(await t.prisma.user.count()).toBe(before);
    expect(await t.prisma.user.count({ where: { username: "good.one" } })).toBe(0);
  });

  it("refuses files that are not a CSV of the template's columns, and a missing file", async () => {
    const notCsv = await call(
      "admin",
      "POST",
      "/bulk-upload-users",
      multipart({ file: { filename: "x.csv", content: Buffer.from([0x89, 0x50, 0x00, 0x01]) } }),
    );
    expect(notCsv.statusCode).toBe(400);
    expect(notCsv.json().error.message).toBe("The file is not a CSV text file.");
    const wrongColumns = await call("admin", "POST", "/bulk-upload-users", csv("user,mail", "a,b"));
    expect(wrongColumns.statusCode).toBe(400);
    expect(wrongColumns.json().error.message).toContain("missing: username, name, email, password");
    const noFile = await call("admin", "POST", "/bulk-upload-users", multipart({ note: "no file" }));
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toBe("Choose a CSV file to upload.");
  });

  it("is for admins only", async () => {
    for (const persona of ["investigator", "hotlistAdmin"] as const) {
      const res = await call(
        persona,
        "POST",
        "/bulk-upload-users",
        csv("username,name,email,password", "z,Z,z@x.org,Str0ng-pass!"),
      );
      expect(res.statusCode).toBe(403);
    }
    expect(await t.prisma.user.count({ where: { username: "z" } })).toBe(0);
  });
});
