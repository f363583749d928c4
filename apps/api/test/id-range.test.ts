import { WEB_ROUTES } from "@odin/contract";
import type { HTTPMethods } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { ACCESS_POLICY } from "../src/access/access-policy";
import { permits } from "../src/access/permits";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, PERSONAS, seedPersonas, type Persona } from "./tokens";

/**
 * F25 (issue 36): ids are PostgreSQL `integer` columns, so an id outside 1..2147483647 is bad input
 * (400 VALIDATION_FAILED), never a 500 from the database. Walks every registered route whose path
 * names an id, as a persona the access table lets in, plus a handful of ids in query strings and bodies.
 */
const t: TestApp = await buildTestApp();
const subjects: Record<Persona, string> = await seedPersonas(t);
const personas = Object.keys(PERSONAS) as Persona[];
const ID_PARAM = /:(id|[A-Za-z]+Id)\b/g;
const OUT_OF_RANGE = ["2147483648", "9999999999999999999", "0"];

const users = await t.prisma.user.findMany({ where: { username: { in: Object.values(PERSONAS) } } });
const personaAllowed = (access: Parameters<typeof permits>[0]) =>
  personas.find((persona) => {
    const user = users.find((u) => u.username === PERSONAS[persona])!;
    return permits(access, { user, isOwner: user.username === "owner" });
  });

const routes = Object.entries(ACCESS_POLICY)
  .map(([key, rule]) => {
    const [method, url] = key.split(" ") as [HTTPMethods, string];
    return { method, url, persona: personaAllowed(rule.access) };
  })
  // The web app's pages (index.html for any id) are not calls.
  .filter(({ method, url }) => !(method === "GET" && (WEB_ROUTES as readonly string[]).includes(url)))
  // SCIM's ids are the protocol's strings (a user's number as text, a group's UUID), answered in SCIM's
  // own error shape (404 for an unknown one): test/scim.test.ts.
  .filter(({ url }) => !url.startsWith("/scim/v2/"))
  .filter(({ method, url }) => url.match(ID_PARAM) !== null && t.app.hasRoute({ method, url }));

async function send(method: HTTPMethods, url: string, persona: Persona | undefined, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: persona ? { authorization: `Bearer ${await mintToken(t, subjects[persona])}` } : {},
    ...(["POST", "PUT", "PATCH"].includes(method) ? { payload: payload ?? {} } : {}),
  });
}

describe("ids outside the integer column's range", () => {
  afterAll(() => t.close());

  it("finds the id routes", () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  describe.each(routes)("$method $url", ({ method, url, persona }) => {
    it.each(OUT_OF_RANGE)("%s answers 400 VALIDATION_FAILED", async (id) => {
      const res = await send(method, url.replace(ID_PARAM, id), persona);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    });
  });

  it.each([
    ["GET", "/get-hotlist-attachment-url/x.pdf?plate_id=2147483648", undefined],
    ["POST", "/groups/1/remove-plate", { plate_id: 2147483648 }],
    ["POST", "/groups/1/remove-plate", { plate_id: "9999999999999999999" }],
    ["POST", "/archive-group", { group_id: 2147483648 }],
    ["POST", "/hotlist/add-plate-direct", { plate_number: "AB123", reason: "x", group_id: 2147483648 }],
  ] as const)("%s %s %j answers 400", async (method, url, payload) => {
    const res = await send(method, url, "admin", payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_FAILED");
  });

  it.each(["99999999999999999999", "9223372036854775808", "-1"])(
    "an Axis read id (bigint, a text reference) of %s is no 500",
    async (id) => {
      const res = await send("GET", `/axis/proxy-detection-image?id=${id}`, "investigator");
      expect(res.statusCode, res.body).toBeLessThan(500);
    },
  );
});
