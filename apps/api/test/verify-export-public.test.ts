import { createHash } from "node:crypto";
import { ZExportVerification } from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_VERIFY_RATE } from "../src/modules/exports/verify-export.service";
import { pdfText, startExportFixture, type ExportFixture } from "./export-helpers";

/**
 * Issue 40 item 7: court staff and defence check an export without an Odin account. POST /verify-export
 * takes no token, answers the verdict and what the uploaded file itself holds (nothing from Odin's
 * records), is limited per address, and each check is audited as an anonymous event with the address,
 * never the file.
 */
describe("POST /verify-export signed out (issue 40 item 7)", () => {
  let f: ExportFixture;
  let genuine: Buffer;

  beforeAll(async () => {
    f = await startExportFixture();
    const res = await f.exportAs("pdf", {
      records: f.pick({ Axis: 1 }),
      justification: "Case 2026-4007: a report checked by the court",
    });
    expect(res.statusCode, res.body).toBe(200);
    genuine = res.rawPayload;
  });
  afterAll(() => f?.close());

  const verify = (file: Buffer, address = "203.0.113.7") => {
    const boundary = "----odin-verify-public";
    return f.t.app.inject({
      method: "POST",
      url: "/verify-export",
      remoteAddress: address,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="report.pdf"\r\n` +
            "Content-Type: application/pdf\r\n\r\n",
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  };

  it("links the public Verify Export page from the report's cover", () => {
    const verifyUrl = `${f.t.config.publicUrl.replace(/\/+$/, "")}/verify-export`;
    const cover = pdfText(genuine).split("LPR Evidence Report")[1]!.split("Page 1 of")[0]!;
    expect(cover).toContain("Check this report");
    expect(cover).toContain(verifyUrl);
    expect(cover).toContain("Anyone holding this file may upload it there, without signing in");
    // A link a PDF reader opens, not only words.
    expect(genuine.toString("latin1")).toContain(`/URI (${verifyUrl})`);
  });

  it("answers the verdict and what the file holds, without a token, and audits it anonymously", async () => {
    const res = await verify(genuine);
    expect(res.statusCode, res.body).toBe(200);
    const verdict = ZExportVerification.strict().parse(res.json());
    expect(verdict).toMatchObject({ valid: true, kind: "pdf", problems: [], record_count: 1 });
    expect(verdict.user).toBe("hartford.investigator");

    const audit = await f.t.prisma.auditLog.findFirstOrThrow({
      where: { action: "export_verified" },
      orderBy: { id: "desc" },
    });
    expect(audit).toMatchObject({ userId: null, agencyId: null, ip: "203.0.113.7" });
    expect(audit.detail).toEqual({
      signed_in: false,
      kind: "pdf",
      valid: true,
      export_id: verdict.export_id,
      problems: 0,
      size: genuine.length,
      sha256: createHash("sha256").update(genuine).digest("hex"),
    });
  });

  it("says a changed file is not valid, and limits checks per address (429)", async () => {
    const changed = Buffer.from(genuine);
    changed[200] = changed[200]! ^ 0x01;
    const address = "198.51.100.40";
    const first = await verify(changed, address);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ valid: false });
    for (let sent = 1; sent < PUBLIC_VERIFY_RATE.max; sent++) {
      expect((await verify(Buffer.from("not an export"), address)).statusCode).toBe(200);
    }
    const limited = await verify(Buffer.from("not an export"), address);
    expect(limited.statusCode).toBe(429);
    // Another address is not held up by that one.
    expect((await verify(Buffer.from("not an export"), "198.51.100.41")).statusCode).toBe(200);
  });
});
