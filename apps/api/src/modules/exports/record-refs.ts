import { createHmac, createSecretKey, randomUUID, timingSafeEqual } from "node:crypto";
import type { SourceProgram, TExportRecord, TSearchResult } from "@odin/contract";
import type { Actor } from "../../access/actor";
import type { Database } from "../../lib/database";
import {
  deleteExpiredSearchSnapshots,
  findAxisReads,
  findSearchSnapshots,
  insertSearchSnapshot,
} from "./record-refs.repository";
import type { ImageHandles } from "../../sources/image-handle";
import { mapAxisDetection } from "../../sources/axis/axis.source";
import type { SourceContext } from "../../sources/detection-source";
import {
  findSearchableAxisIntegrations,
  findSearchableAxonIntegrations,
  findSearchableRekorKeys,
} from "../../sources/search-scope.repository";

/**
 * Record references (issue 17): every search result carries `ref`, an opaque, signed, expiring token
 * that names the read at its source and the user who searched. Exports print only what the server
 * finds under a reference, read again with the caller's access at export time:
 * - Axis reads from Odin's own `detections` table, by id;
 * - Rekor and Axon reads (remote vendors) from `search_snapshots`, the search's answer as the vendor
 *   gave it, kept REF_TTL_SECONDS in PostgreSQL (so any replica can serve the export), then purged.
 *
 * Format: `or1.{payload base64url}.{HMAC-SHA256 base64url}`; the payload is
 * `{u, a, e, g, r, p, s?, i?, d?}`: user id, agency id (or null), expiry (epoch seconds), source
 * program, the source's record id, the plate (so the export's audit row names the plates before any
 * source is read), and either the snapshot id and position (Rekor, Axon) or the detection id (Axis).
 */
const PREFIX = "or1";

/** A working shift on one results list; the Rekor image handles inside a snapshot live 12 hours. */
export const REF_TTL_SECONDS = 8 * 60 * 60;

interface RefPayload {
  u: number;
  a: number | null;
  e: number;
  g: SourceProgram;
  r: string;
  p: string;
  s?: string;
  i?: number;
  d?: string;
}

/** A reference whose signature, expiry and owner were checked: what the audit row names. */
export interface OpenedRef {
  position: number;
  program: SourceProgram;
  id: string;
  plate: string;
  payload: RefPayload;
}

export interface LeftOutRecord {
  /** 1-based position in the request's records. */
  position: number;
  /** The record's id as its reference names it, when the reference could be read. */
  id: string | null;
  reason: string;
}

export const LEFT_OUT_REASONS = {
  missing: "no record reference (search again to export it)",
  forged: "the record reference is not one Odin signed",
  expired: "the record reference has expired (search again to export it)",
  notYours: "the record reference belongs to another user or agency",
  gone: "the record is no longer available from its source",
  noAccess: "the record's source is no longer within your access",
} as const;

export interface RecordRefs {
  /** Every result with its `ref`; Rekor and Axon results are kept in one snapshot row. */
  attach(actor: Actor, results: TSearchResult[]): Promise<TSearchResult[]>;
  /** Checks signatures, expiry and owner only (no database): what may be audited and read. */
  open(actor: Actor, refs: (string | null | undefined)[]): { opened: OpenedRef[]; leftOut: LeftOutRecord[] };
  /** Reads the opened references again under the caller's access now, in request order. */
  read(
    scope: SourceContext,
    actor: Actor,
    opened: OpenedRef[],
  ): Promise<{ records: { position: number; record: TExportRecord }[]; leftOut: LeftOutRecord[] }>;
  /** Deletes expired snapshots; answers how many. */
  purge(): Promise<number>;
}

export interface RecordRefDeps {
  prisma: Database;
  /** HMAC key (hex), derived from the secrets key. */
  key: string;
  handles: ImageHandles;
  ttlSeconds?: number;
  now?: () => number;
}

export function createRecordRefs(deps: RecordRefDeps): RecordRefs {
  const ttl = deps.ttlSeconds ?? REF_TTL_SECONDS;
  const now = deps.now ?? (() => Date.now());
  // The key imported once (the same bytes createHmac takes from the string), not at every result.
  const key = createSecretKey(Buffer.from(deps.key, "utf8"));
  const sign = (payload: string) => createHmac("sha256", key).update(payload).digest();
  const seal = (payload: RefPayload) => {
    const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
    return `${PREFIX}.${body}.${sign(body).toString("base64url")}`;
  };

  function parse(ref: string): RefPayload | null {
    const [prefix, body, signature, extra] = ref.split(".");
    if (prefix !== PREFIX || !body || !signature || extra !== undefined) return null;
    const given = Buffer.from(signature, "base64url");
    const expected = sign(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as RefPayload;
    } catch {
      return null;
    }
  }

  return {
    async attach(actor, results) {
      const base = {
        u: actor.user.id,
        a: actor.user.agencyId ?? null,
        e: Math.floor(now() / 1000) + ttl,
      };
      const remote = results.filter((result) => result.source_program !== "Axis");
      const snapshot = remote.length ? randomUUID() : undefined;
      if (snapshot) {
        await insertSearchSnapshot(deps.prisma, {
          id: snapshot,
          userId: actor.user.id,
          agencyId: actor.user.agencyId ?? null,
          records: remote,
          expiresAt: new Date(base.e * 1000),
        });
      }
      let index = 0;
      return results.map((result) => {
        const common = { ...base, g: result.source_program, r: result.id, p: result.plate };
        const ref =
          result.source_program === "Axis"
            ? seal({ ...common, d: result.id.replace(/^axis-/, "") })
            : seal({ ...common, s: snapshot!, i: index++ });
        return { ...result, ref };
      });
    },

    open(actor, refs) {
      const opened: OpenedRef[] = [];
      const leftOut: LeftOutRecord[] = [];
      refs.forEach((ref, index) => {
        const position = index + 1;
        if (!ref) return leftOut.push({ position, id: null, reason: LEFT_OUT_REASONS.missing });
        const payload = parse(ref);
        if (!payload) return leftOut.push({ position, id: null, reason: LEFT_OUT_REASONS.forged });
        const id = typeof payload.r === "string" ? payload.r : null;
        if (typeof payload.e !== "number" || payload.e * 1000 < now())
          return leftOut.push({ position, id, reason: LEFT_OUT_REASONS.expired });
        if (payload.u !== actor.user.id || payload.a !== (actor.user.agencyId ?? null))
          return leftOut.push({ position, id, reason: LEFT_OUT_REASONS.notYours });
        opened.push({ position, program: payload.g, id: payload.r, plate: payload.p, payload });
      });
      return { opened, leftOut };
    },

    async read(scope, actor, opened) {
      const found = new Map<number, TExportRecord>();
      const leftOut: LeftOutRecord[] = [];

      // Axis: the detection, only when one of the integrations the caller may search now holds it.
      const axis = opened.filter((ref) => ref.program === "Axis" && /^\d+$/.test(ref.payload.d ?? ""));
      if (axis.length) {
        const allowed = (await findSearchableAxisIntegrations(deps.prisma, scope)).map((row) => row.id);
        const ids = [...new Set(axis.map((ref) => BigInt(ref.payload.d!)))];
        const rows = allowed.length ? await findAxisReads(deps.prisma, ids, allowed) : [];
        const byId = new Map(rows.map((row) => [row.id.toString(), row]));
        for (const ref of axis) {
          const row = byId.get(ref.payload.d!);
          if (row) found.set(ref.position, mapAxisDetection(row));
        }
      }

      // Rekor and Axon: the snapshot row of the caller's own search, while it lasts.
      const remote = opened.filter((ref) => ref.program !== "Axis" && ref.payload.s);
      if (remote.length) {
        const records = await findSearchSnapshots(
          deps.prisma,
          [...new Set(remote.map((ref) => ref.payload.s!))],
          actor.user.id,
          new Date(now()),
        );
        const [rekorKeys, axonIntegrations] = await Promise.all([
          remote.some((ref) => ref.program === "Rekor")
            ? findSearchableRekorKeys(deps.prisma, scope)
            : Promise.resolve([]),
          remote.some((ref) => ref.program === "Axon")
            ? findSearchableAxonIntegrations(deps.prisma, scope)
            : Promise.resolve([]),
        ]);
        const rekorIds = new Set(rekorKeys.map((key) => key.id));
        const axonBases = new Set(axonIntegrations.map((integration) => baseOf(integration.baseUrl)));
        for (const ref of remote) {
          const record = records.get(ref.payload.s!)?.[ref.payload.i ?? -1];
          if (!record || record.id !== ref.id || record.source_program !== ref.program) {
            leftOut.push({ position: ref.position, id: ref.id, reason: LEFT_OUT_REASONS.gone });
            continue;
          }
          const handle = record.api_key ?? record.rekor_api_key;
          const subject = handle ? deps.handles.open(handle, "rekor-key") : null;
          const allowed =
            ref.program === "Rekor"
              ? !!subject && rekorIds.has(subject.id)
              : !!record.base_url && axonBases.has(baseOf(record.base_url));
          if (!allowed) {
            leftOut.push({ position: ref.position, id: ref.id, reason: LEFT_OUT_REASONS.noAccess });
            continue;
          }
          found.set(ref.position, record);
        }
      }

      const records: { position: number; record: TExportRecord }[] = [];
      for (const ref of opened) {
        const record = found.get(ref.position);
        if (record) records.push({ position: ref.position, record });
        else if (!leftOut.some((entry) => entry.position === ref.position))
          leftOut.push({
            position: ref.position,
            id: ref.id,
            reason: ref.program === "Axis" ? LEFT_OUT_REASONS.noAccess : LEFT_OUT_REASONS.gone,
          });
      }
      return { records, leftOut };
    },

    async purge() {
      return deleteExpiredSearchSnapshots(deps.prisma, new Date(now()));
    },
  };
}

/** An Axon base URL compared without its trailing slash or case of scheme and host. */
function baseOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, "")}`;
  } catch {
    return url.replace(/\/+$/, "");
  }
}
