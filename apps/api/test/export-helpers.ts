import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { inflateRawSync, inflateSync } from "node:zlib";
import type { TExportRecord, TSearchResult } from "@odin/contract";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import {
  buildAxisEvent,
  ImageRenderer,
  mapsTileUrls,
  startSimulators,
  type RunningSimulators,
} from "@odin/simulators";
import type { LightMyRequestResponse } from "fastify";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

// ───────────────────────────── reading a PDF ─────────────────────────────

/**
 * The text pdfkit drew, page after page: every content stream inflated, and the hex strings of its
 * `Tj` / `TJ` operators (the standard fonts' single-byte codes) decoded. Enough to read what a report
 * says without a PDF library; lines are the text operations in drawing order.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  const lines: string[] = [];
  const streams = /<<(.*?)>>\s*stream\r?\n/gs;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf("endstream", start);
    const dictionary = match[1]!;
    if (/\/Subtype\s*\/Image/.test(dictionary)) continue;
    let content = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(dictionary)) {
      try {
        content = inflateSync(content);
      } catch {
        continue;
      }
    }
    const text = content.toString("latin1");
    const operations = /\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
    for (let op = operations.exec(text); op; op = operations.exec(text)) {
      const hexes =
        op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]!) : [op[2]!];
      lines.push(hexes.map((hex) => Buffer.from(hex, "hex").toString("latin1")).join(""));
    }
  }
  return lines.join("\n");
}

/** Pages of a PDF, by their page objects. */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString("latin1").match(/\/Type \/Page\b(?!s)/g) ?? []).length;
}

// ───────────────────────────── reading a ZIP ─────────────────────────────

/**
 * Every file of a ZIP by its path, read from the central directory (stored and deflated entries,
 * which is what archiver writes; no ZIP64, no encryption).
 */
export function readZip(zip: Buffer): Map<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error("not a ZIP: no end of central directory");
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`bad central directory entry ${i}`);
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localOffset = zip.readUInt32LE(offset + 42);
    const name = zip.toString("utf8", offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;

    if (zip.readUInt32LE(localOffset) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const dataStart =
      localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    const body = method === 0 ? Buffer.from(data) : method === 8 ? inflateRawSync(data) : undefined;
    if (!body) throw new Error(`${name}: compression method ${method} is not read here`);
    if (body.length !== size) throw new Error(`${name}: ${body.length} bytes, the directory says ${size}`);
    files.set(name, body);
  }
  return files;
}

// ───────────────────────────── a real search to export ─────────────────────────────

export const HARTFORD_AXIS = DEMO_AGENCIES.find((agency) => agency.key === "hartford")!.axis[0]!;

export interface ExportFixture {
  t: TestApp;
  sim: RunningSimulators;
  subjects: Record<Persona, string>;
  /** A real search's results as hartford.investigator sees them: Rekor, Axon and a pushed Axis read. */
  results: TSearchResult[];
  token(persona?: Persona): Promise<string>;
  /** A few results of each source, as the web app sends them (without data URIs). */
  pick(counts?: Partial<Record<TSearchResult["source_program"], number>>): TExportRecord[];
  exportAs(kind: "pdf" | "zip", body: unknown, persona?: Persona): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The simulators (Rekor, Axon, maps), the real app configured with the maps simulator's tiles and
 * addresses, the demo seed, one Axis read pushed with its pictures, and a search over the last day.
 */
export async function startExportFixture(env: NodeJS.ProcessEnv = {}): Promise<ExportFixture> {
  const sim = await startSimulators({ rekorPort: 0, axonPort: 0, mapsPort: 0 });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "odin-export-"));
  const t = await buildTestApp({
    ODIN_DATA_DIR: dataDir,
    MAP_TILE_URL_LIGHT: mapsTileUrls(sim.mapsUrl).light,
    REVERSE_GEOCODE_URL: sim.mapsUrl,
    ...env,
  });
  const subjects = await seedPersonas(t, { simulatorUrls: { rekor: sim.rekorUrl, axon: sim.axonUrl } });
  const token = (persona: Persona = "investigator") => mintToken(t, subjects[persona]);

  const read = [...sim.dataset.axis()]
    .filter((candidate) => candidate.camera.integration.identifier === HARTFORD_AXIS.identifier)
    .sort((a, b) => b.capturedAt - a.capturedAt)[0]!;
  const pushed = await t.app.inject({
    method: "POST",
    url: `/ingest/axis/${HARTFORD_AXIS.identifier}`,
    headers: { authorization: `Bearer ${HARTFORD_AXIS.ingestToken}` },
    payload: await buildAxisEvent(read, { renderer: new ImageRenderer() }),
  });
  if (pushed.statusCode !== 201) throw new Error(`Axis push: ${pushed.statusCode} ${pushed.body}`);

  const now = Date.now();
  const search = await t.app.inject({
    method: "POST",
    url: "/search-data",
    headers: { authorization: `Bearer ${await token()}` },
    payload: {
      justification: "Case 2026-300: export check",
      start_time: new Date(Math.min(now, read.capturedAt) - 24 * 3_600_000).toISOString(),
      end_time: new Date(now + 60_000).toISOString(),
    },
  });
  if (search.statusCode !== 200) throw new Error(`search: ${search.statusCode} ${search.body}`);
  const results = search.json<TSearchResult[]>();

  return {
    t,
    sim,
    subjects,
    results,
    token,
    pick(counts = { Rekor: 2, Axon: 2, Axis: 1 }) {
      return (Object.entries(counts) as [TSearchResult["source_program"], number][]).flatMap(
        ([source, n]) => {
          const found = results.filter((result) => result.source_program === source).slice(0, n);
          if (found.length < n)
            throw new Error(`the search found ${found.length} ${source} results, not ${n}`);
          return found;
        },
      );
    },
    async exportAs(kind, body, persona = "investigator") {
      return t.app.inject({
        method: "POST",
        url: kind === "pdf" ? "/export-pdf" : "/export-zip",
        headers: { authorization: `Bearer ${await token(persona)}` },
        payload: body as Record<string, unknown>,
      });
    },
    async close() {
      await t.close();
      await sim.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Today in the export's zone (the tests run with the default, America/New_York). */
export function todayIn(timeZone = "America/New_York"): string {
  const part = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return `${part.year}-${part.month}-${part.day}`;
}
