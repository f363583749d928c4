import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAxisReads, type DetectionInsert } from "../src/modules/ingest/axis-ingest.repository";
import {
  searchAxisReads,
  searchReadsByScan,
  type AxisScope,
} from "../src/sources/axis/axis-detections.repository";
import type { SourceQuery } from "../src/sources/detection-source";
import { toPlatePattern } from "../src/sources/plate-pattern";
import { recordRemotePlates } from "../src/sources/distinct-plates.repository";
import { buildTestApp, type TestApp } from "./helpers";
import { seedPersonas } from "./tokens";

const HOUR = 3_600_000;
const LIMIT = 5;

/**
 * Issue 21: a partial plate (substring or wildcard) is answered from distinct plates, then the reads
 * of the plates found (searchPartial). Its answers must be the scan's (searchReadsByScan, the one
 * statement over every read that answered before): the same rows in the same order, with the limit,
 * the integrations searched, the time range, the vehicle filters and the place.
 */
describe("partial plate search from distinct plates (issue 21)", () => {
  let t: TestApp;
  let scopes: { all: AxisScope[]; hartford: AxisScope[] };
  const now = Date.now();

  beforeAll(async () => {
    t = await buildTestApp();
    await seedPersonas(t); // the demo agencies and their Axis integrations
    const integrations = await t.prisma.axisIntegration.findMany({
      include: { axisAgency: true },
      orderBy: { identifier: "asc" },
    });
    const byIdentifier = new Map(integrations.map((integration) => [integration.identifier, integration]));
    scopes = {
      all: integrations.map((integration) => ({
        integrationId: integration.id,
        identifier: integration.identifier,
      })),
      hartford: integrations
        .filter((integration) => integration.identifier.startsWith("hfd-"))
        .map((integration) => ({ integrationId: integration.id, identifier: integration.identifier })),
    };
    let sequence = 0;
    const read = (
      identifier: string,
      plate: string,
      hoursAgo: number,
      extra: Partial<DetectionInsert> = {},
    ) => {
      const integration = byIdentifier.get(identifier)!;
      sequence += 1;
      return {
        vendorEventId: `${identifier}-${plate}-${sequence}`,
        plate,
        plateNormalized: plate,
        plateState: "CT",
        make: "Toyota",
        color: "Silver/Gray",
        bodyType: "sedan-standard",
        cameraName: `${identifier} camera`,
        // Distinct times (a minute apart per read planted), so "newest first" has one answer.
        timestamp: new Date(now - hoursAgo * HOUR - sequence * 60_000),
        latitude: 41.76,
        longitude: -72.68,
        confidence: null,
        direction: null,
        plateX1: null,
        plateX2: null,
        plateX3: null,
        plateX4: null,
        plateY1: null,
        plateY2: null,
        plateY3: null,
        plateY4: null,
        agencyId: integration.axisAgency.agencyId,
        axisIntegrationId: integration.id,
        imagePath: null,
        plateImagePath: null,
        raw: {},
        ...extra,
      } satisfies DetectionInsert;
    };
    // Through the ingest statement, so the distinct plates (and their first/last seen) are ingest's.
    await insertAxisReads(t.prisma, [
      // Seven reads of one plate: more than the per-source limit on their own.
      ...[1, 2, 3, 4, 5, 6, 7].map((hoursAgo) => read("hfd-lpv-01", "LIM4711", hoursAgo)),
      read("hfd-lpv-02", "LIM4712", 2.5),
      read("csp-h-lpv-01", "LIM4713", 3.5),
      read("hfd-lpv-01", "AK47123", 2),
      read("hfd-lpv-02", "AK47123", 1, { color: "Red" }),
      read("csp-h-lpv-02", "AK47123", 4), // Troop H's own camera
      read("nhv-lpv-01", "AK47123", 1.5), // New Haven's
      read("hfd-lpv-01", "AK47123", 48), // outside a 24-hour range
      read("hfd-lpv-01", "BK4700", 5),
      read("hfd-lpv-01", "XAK47Y", 6),
      read("hfd-lpv-01", "K47", 7), // the whole plate is the three characters
      read("hfd-lpv-02", "ZK470", 30), // only before a 24-hour range
      read("hfd-lpv-02", "QZ9K47", 100), // only long before
      read("nhv-lpv-01", "ZZ99999", 3),
      read("hfd-lpv-01", "ABC1234", 8),
      read("hfd-lpv-01", "ABD1234", 9),
      read("hfd-lpv-02", "AB1234", 10),
      read("hfd-lpv-01", "XABC12345", 11),
      // One plate read six times in the last hour, eight read once, hours before: the newest page of
      // "QQ1" is the first plate's alone.
      ...[0.1, 0.2, 0.3, 0.4, 0.5, 0.6].map((hoursAgo) => read("hfd-lpv-01", "QQ10001", hoursAgo)),
      ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => read("hfd-lpv-02", `QQ1000${n}`, 10 + n)),
      // One plate read six times in six hours, one between its reads, one after its fifth, two long before.
      ...[1, 2, 3, 4, 5, 6].map((hoursAgo) => read("hfd-lpv-01", "QQ20001", hoursAgo)),
      read("hfd-lpv-02", "QQ20002", 3.5),
      read("hfd-lpv-02", "QQ20003", 5.5),
      read("hfd-lpv-02", "QQ20004", 20),
      read("hfd-lpv-02", "QQ20005", 21),
    ]);
    // A plate only the Rekor webhook delivered (no stored read): known, never a candidate with reads.
    await recordRemotePlates(
      t.prisma,
      [{ plateNormalized: "RK47000", timestamp: new Date(now - HOUR) }],
      "rekor_reads",
      {
        counted: true,
      },
    );
  });
  afterAll(() => t?.close());

  const day = { start: new Date(now - 24 * HOUR), end: new Date(now) };
  const query = (plate: string, extra: Partial<SourceQuery> = {}): SourceQuery => ({
    plate: toPlatePattern(plate, "partial"),
    plateState: undefined,
    color: undefined,
    make: undefined,
    bodyType: undefined,
    ...day,
    limit: LIMIT,
    ...extra,
  });
  const answers = async (q: SourceQuery, targets: AxisScope[]) => {
    const [fromDistinct, byScan] = await Promise.all([
      searchAxisReads(t.prisma, q, targets),
      searchReadsByScan(t.prisma, q, targets),
    ]);
    return { fromDistinct, byScan };
  };
  const plates = (rows: { plate: string }[]) => rows.map((row) => row.plate);

  const PATTERNS = [
    "K47", // three characters: a substring
    "k47", // lower case, normalised
    "AK4", // at the start
    "47Y", // at the end
    "LIM", // more reads than the limit, of three plates
    "LIM4711", // a whole plate with more reads than the limit
    "AK47123",
    "1234", // in four plates
    "?K47*", // one character, then the text, then anything
    "*K47", // ends with it
    "K47*", // starts with it
    "AB?1234", // one unknown character
    "AB*1234",
    "*234?",
    "???1234",
    "*47*",
    "L*1",
    "QQ1",
    "QQ2",
    "*", // every plate: too loose for distinct plates, answered by the scan
    "NOPE", // nothing
  ];

  it("answers every planted pattern with the scan's rows, in its order, for all and for some integrations", async () => {
    let atLimit = 0;
    let found = 0;
    for (const pattern of PATTERNS) {
      for (const targets of [scopes.all, scopes.hartford]) {
        const { fromDistinct, byScan } = await answers(query(pattern), targets);
        expect(fromDistinct, `${pattern} in ${targets.length} integrations`).toEqual(byScan);
        if (byScan.length === LIMIT) atLimit += 1;
        if (byScan.length > 0) found += 1;
      }
    }
    // The comparison means something: most patterns find reads, and some reach the limit.
    expect(found).toBeGreaterThan(25);
    expect(atLimit).toBeGreaterThan(3);
  });

  it("answers every pattern the same when it probes its plates one, two, four… at a time", async () => {
    for (const pattern of PATTERNS) {
      for (const targets of [scopes.all, scopes.hartford]) {
        for (const extra of [{}, { color: "red" }, { place: { cameras: ["Axis:hfd-lpv-02"] } }]) {
          const q = query(pattern, extra);
          const [batched, byScan] = await Promise.all([
            searchAxisReads(t.prisma, q, targets, { partialFirstBatch: 1 }),
            searchReadsByScan(t.prisma, q, targets),
          ]);
          expect(batched, `${pattern} in ${targets.length} integrations, ${JSON.stringify(extra)}`).toEqual(
            byScan,
          );
        }
      }
    }
  });

  it("stops probing plates once no plate left can have a read among the newest", async () => {
    const probes: { candidates: number; probed: number }[] = [];
    const onPartialProbes = (p: { candidates: number; probed: number }) => probes.push(p);
    const q = query("QQ1");
    const page = await searchAxisReads(t.prisma, q, scopes.all, { partialFirstBatch: 1, onPartialProbes });
    expect(plates(page)).toEqual(Array(LIMIT).fill("QQ10001"));
    expect(page).toEqual(await searchReadsByScan(t.prisma, q, scopes.all));
    // Nine plates match; the first one's five newest reads are newer than any other plate's last read.
    expect(probes).toEqual([{ candidates: 9, probed: 1 }]);
    // Without the Hartford camera that read it six times: 1, then 2, then 4 plates; the fifth newest
    // (QQ10006, 16 hours ago) is newer than the last read of the two plates left.
    probes.length = 0;
    const elsewhere = query("QQ1", { place: { cameras: ["Axis:hfd-lpv-02"] } });
    const other = await searchAxisReads(t.prisma, elsewhere, scopes.all, {
      partialFirstBatch: 1,
      onPartialProbes,
    });
    expect(plates(other)).toEqual(["QQ10002", "QQ10003", "QQ10004", "QQ10005", "QQ10006"]);
    expect(probes).toEqual([{ candidates: 9, probed: 7 }]);

    // Once the page is full, a batch stops at the first plate whose bound is older than the page's last
    // read: QQ20001's five newest (1 to 5 hours ago), then QQ20002 (3.5 hours), not QQ20003 (5.5).
    probes.length = 0;
    const q2 = query("QQ2");
    const second = await searchAxisReads(t.prisma, q2, scopes.all, { partialFirstBatch: 1, onPartialProbes });
    expect(plates(second)).toEqual(["QQ20001", "QQ20001", "QQ20001", "QQ20002", "QQ20001"]);
    expect(second).toEqual(await searchReadsByScan(t.prisma, q2, scopes.all));
    expect(probes).toEqual([{ candidates: 5, probed: 2 }]);
  });

  it("keeps the newest reads at the per-source limit, the time range and the integrations searched", async () => {
    const lim = (await answers(query("LIM"), scopes.all)).fromDistinct;
    expect(lim).toHaveLength(LIMIT);
    expect(plates(lim)).toEqual(["LIM4711", "LIM4711", "LIM4712", "LIM4711", "LIM4713"]);
    const times = lim.map((row) => row.timestamp.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Only Hartford's cameras: not Troop H's LIM4713 nor New Haven's AK47123.
    const hartford = (await answers(query("*K47*"), scopes.hartford)).fromDistinct;
    expect(plates(hartford).sort()).toEqual(["AK47123", "AK47123", "BK4700", "K47", "XAK47Y"]);

    // A plate seen only before the range is not a candidate; widened to 48 hours, it is.
    expect(plates((await answers(query("ZK4"), scopes.all)).fromDistinct)).toEqual([]);
    const twoDays = { start: new Date(now - 48 * HOUR), end: new Date(now) };
    const wider = await answers(query("ZK4", twoDays), scopes.all);
    expect(plates(wider.fromDistinct)).toEqual(["ZK470"]);
    expect(wider.fromDistinct).toEqual(wider.byScan);
  });

  it("applies the vehicle filters and the place as the scan does", async () => {
    const filtered = [
      query("K47", { color: "red" }),
      query("1234", { make: "toyota", plateState: "ct" }),
      query("*K47*", { place: { cameraNames: ["hfd-lpv-02 camera"] } }),
      query("LIM", { place: { cameras: ["Axis:hfd-lpv-01"] } }),
      query("LIM", { bodyType: "pickup" }),
    ];
    for (const q of filtered) {
      const { fromDistinct, byScan } = await answers(q, scopes.all);
      expect(fromDistinct).toEqual(byScan);
    }
    const red = (await answers(filtered[0]!, scopes.all)).fromDistinct;
    expect(red.map((row) => [row.plate, row.camera_name])).toEqual([["AK47123", "hfd-lpv-02 camera"]]);
  });

  it("reads the plates from distinct plates, and scans the reads when a pattern matches too many", async () => {
    const q = query("1234");
    const before = await answers(q, scopes.all);
    expect(plates(before.byScan).sort()).toEqual(["AB1234", "ABC1234", "ABD1234", "XABC12345"]);
    // A plate missing from distinct plates (what ingest's invariant rules out) is missed by the
    // candidates, found by the scan: the answer above came from distinct plates.
    await t.prisma.distinctPlate.delete({ where: { plateNormalized: "ABD1234" } });
    const missing = await searchAxisReads(t.prisma, q, scopes.all);
    expect(plates(missing).sort()).toEqual(["AB1234", "ABC1234", "XABC12345"]);
    // More candidates than the bound: the scan answers (three plates are candidates, the bound is two).
    const loose = await searchAxisReads(t.prisma, q, scopes.all, { partialCandidateLimit: 2 });
    expect(loose).toEqual(before.byScan);
    const within = await searchAxisReads(t.prisma, q, scopes.all, { partialCandidateLimit: 3 });
    expect(plates(within).sort()).toEqual(["AB1234", "ABC1234", "XABC12345"]);
  });
});
