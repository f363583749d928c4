/**
 * Issue 42 item 2 (Measure): the failover bench. Odin (a real API process, NODE_ENV=production) on a
 * primary and a hot standby of Debian's PostgreSQL 15 (streaming replication, pg_basebackup -R), its
 * DATABASE_URL naming both with target_session_attrs=read-write. Cameras push RAVEN reads at
 * BENCH_FAILOVER_EVENTS_PER_S (1,000) and an investigator searches at BENCH_FAILOVER_SEARCHES_PER_S (50),
 * open loop (reads and searches each with a cap of its own on requests in flight), while the primary is stopped at once (pg_ctl stop -m immediate) and the standby promoted
 * BENCH_FAILOVER_PROMOTE_AFTER_MS (1 s) later. Counted: reads acknowledged (201) and searches answered
 * (200), and of those, missing on the promoted server (lost); answers 503 (with Retry-After) and any
 * other; the seconds without a primary as Odin's clients saw them (the first failed answer to the last).
 * Run twice: with synchronous replication (target: 0 lost) and asynchronous (the window, measured).
 *
 *   pnpm --filter @odin/api bench failover
 *   BENCH_FAILOVER_EVENTS_PER_S=500 BENCH_FAILOVER_SECONDS=20 pnpm --filter @odin/api exec tsx bench/failover.ts
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createPrismaClient } from "@odin/db";
import { DEMO_AGENCIES, DEMO_PASSWORD } from "@odin/db/demo-data";
import { findFreePort } from "@odin/db/embedded";
import {
  createTestDatabase,
  prepareTemplateDatabase,
  startStreamingPair,
  type StreamingPair,
} from "@odin/db/testing";
import { buildAxisEvent, createDataset } from "@odin/simulators";
import { Agent, setGlobalDispatcher } from "undici";
import { signIn } from "../test/oidc-client";
import { log, printTable, round, runBench } from "./lib/harness";
import { startOdinProcess } from "./lib/odin-process";

const EVENTS_PER_S = Number(process.env.BENCH_FAILOVER_EVENTS_PER_S ?? 1000);
const SEARCHES_PER_S = Number(process.env.BENCH_FAILOVER_SEARCHES_PER_S ?? 50);
/** Seconds of load before the primary is stopped, and again after the promotion. */
const STEADY_S = Number(process.env.BENCH_FAILOVER_SECONDS ?? 5);
const PROMOTE_AFTER_MS = Number(process.env.BENCH_FAILOVER_PROMOTE_AFTER_MS ?? 1000);
/** Reads in flight at most: past it a tick's reads are counted as not sent (the API is behind). */
const MAX_IN_FLIGHT = Number(process.env.BENCH_FAILOVER_IN_FLIGHT ?? 256);
/**
 * Searches in flight at most, a cap of their own: with one cap shared by both, the reads (20 for each
 * search) held every slot once the API fell behind, and 8-19 of the 50 searches a second were sent.
 * By default five seconds' worth: a search is sent unless the API takes longer than that to answer.
 */
const MAX_SEARCHES_IN_FLIGHT = Number(
  process.env.BENCH_FAILOVER_SEARCHES_IN_FLIGHT ?? Math.max(32, SEARCHES_PER_S * 5),
);
const TICK_MS = 20;
const hartford = DEMO_AGENCIES.find((agency) => agency.key === "hartford")!;
const camera = hartford.axis[0]!;

// Both caps' worth of connections: a search never waits in the client's pool behind the reads.
setGlobalDispatcher(new Agent({ connections: MAX_IN_FLIGHT + MAX_SEARCHES_IN_FLIGHT, pipelining: 0 }));

interface Answer {
  kind: "read" | "search";
  status: number;
  retryAfter: boolean;
  key?: string;
  at: number;
  ms: number;
}

interface Round {
  replication: "synchronous" | "asynchronous";
  readsSent: number;
  readsAcknowledged: number;
  readsLost: number;
  searchesSent: number;
  searchesAnswered: number;
  searchAuditRowsLost: number;
  unavailable503: number;
  unavailableWithoutRetryAfter: number;
  otherErrors: number;
  notSent: number;
  /** Of notSent, the searches (their own cap full). */
  searchesNotSent: number;
  withoutPrimaryS: number;
  promotedAfterS: number;
  achievedEventsPerS: number;
  achievedSearchesPerS: number;
}

async function startOdin(
  databaseUrl: string,
  filesDir: string,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await findFreePort();
  return startOdinProcess("(failover)", {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    ODIN_SECRETS_KEY: randomBytes(32).toString("hex"),
    ODIN_DATA_DIR: filesDir,
    ODIN_PUBLIC_URL: `http://127.0.0.1:${port}`,
    ODIN_SEED_DEMO: "true",
    ODIN_DEMO_SIMULATORS: "false",
    AXON_POLL_INTERVAL_MS: "0",
    RATE_LIMIT_PER_MINUTE: "100000000",
    LOG_LEVEL: "fatal",
  });
}

async function failoverRound(replication: Round["replication"]): Promise<Round> {
  const pair: StreamingPair = await startStreamingPair({ synchronous: replication === "synchronous" });
  const filesDir = await mkdtemp(path.join(os.tmpdir(), "odin-bench-failover-"));
  let odin: { url: string; child: ChildProcess } | undefined;
  try {
    await prepareTemplateDatabase(pair.primaryUrl);
    const database = await createTestDatabase(pair.primaryUrl);
    const name = new URL(database.url).pathname;
    odin = await startOdin(
      `postgresql://postgres@127.0.0.1:${pair.primaryPort},127.0.0.1:${pair.standbyPort}${name}?target_session_attrs=read-write`,
      filesDir,
    );
    const { tokens, status } = await signIn(odin.url, "hartford.investigator", DEMO_PASSWORD);
    if (status !== 200 || !tokens) throw new Error(`sign-in answered ${status}`);
    const token = tokens.access_token;

    const total = Math.ceil(EVENTS_PER_S * (2 * STEADY_S + PROMOTE_AFTER_MS / 1000 + 5));
    const reads = [...createDataset({ now: Date.now(), axisReads: total * 3 }).axis()]
      .filter((read) => read.camera.integration.identifier === camera.identifier)
      .slice(0, total);
    const bodies = await Promise.all(reads.map(async (read) => JSON.stringify(await buildAxisEvent(read))));
    log(`${replication}: ${bodies.length} events ready`);

    const answers: Answer[] = [];
    const inFlight = { read: 0, search: 0 };
    const caps = { read: MAX_IN_FLIGHT, search: MAX_SEARCHES_IN_FLIGHT };
    const notSent = { read: 0, search: 0 };
    let nextEvent = 0;
    let searches = 0;
    const send = (kind: Answer["kind"], request: () => Promise<Response>, key?: string) => {
      if (inFlight[kind] >= caps[kind]) return void notSent[kind]++;
      inFlight[kind]++;
      const started = performance.now();
      request()
        .then(async (answer) => {
          const body = (await answer.json().catch(() => ({}))) as { id?: string } | unknown[];
          const id = !Array.isArray(body) ? body.id : undefined;
          answers.push({
            kind,
            status: answer.status,
            retryAfter: answer.headers.has("retry-after"),
            ...(kind === "read" && answer.status === 201 && id ? { key: id } : {}),
            ...(kind === "search" && answer.status === 200 ? { key } : {}),
            at: Date.now(),
            ms: performance.now() - started,
          });
        })
        .catch(() => answers.push({ kind, status: 0, retryAfter: false, at: Date.now(), ms: 0 }))
        .finally(() => inFlight[kind]--);
    };
    const pushRead = () => {
      const body = bodies[nextEvent++ % bodies.length]!;
      send("read", () =>
        fetch(`${odin!.url}/ingest/axis/${camera.identifier}`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${camera.ingestToken}` },
          body,
        }),
      );
    };
    const search = () => {
      const justification = `Failover bench ${replication} ${++searches}`;
      send(
        "search",
        () =>
          fetch(`${odin!.url}/search-data`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
            body: JSON.stringify({
              plate: reads[searches % reads.length]!.plate,
              match: "exact",
              justification,
              start_time: new Date(Date.now() - 86_400_000).toISOString(),
              end_time: new Date().toISOString(),
              agencies: [camera.identifier],
            }),
          }),
        justification,
      );
    };

    // Open loop: every tick sends what the rates owe since the start.
    const started = Date.now();
    let readsSent = 0;
    let searchesSent = 0;
    const ticker = setInterval(() => {
      const elapsed = (Date.now() - started) / 1000;
      while (readsSent < elapsed * EVENTS_PER_S) {
        readsSent++;
        pushRead();
      }
      while (searchesSent < elapsed * SEARCHES_PER_S) {
        searchesSent++;
        search();
      }
    }, TICK_MS);

    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await wait(STEADY_S * 1000);
    const stoppedAt = Date.now();
    await pair.stopPrimary();
    await wait(Math.max(0, PROMOTE_AFTER_MS - (Date.now() - stoppedAt)));
    await pair.promoteStandby();
    const promotedAt = Date.now();
    await wait(STEADY_S * 1000);
    clearInterval(ticker);
    const loadSeconds = (Date.now() - started) / 1000;
    while (inFlight.read + inFlight.search > 0) await wait(50);

    const promoted = createPrismaClient(`postgresql://postgres@127.0.0.1:${pair.standbyPort}${name}`, {
      poolSize: 1,
    });
    try {
      const readIds = answers.filter((a) => a.kind === "read" && a.key).map((a) => BigInt(a.key!));
      const searched = answers.filter((a) => a.kind === "search" && a.key).map((a) => a.key!);
      const storedReads = await promoted.detection.count({ where: { id: { in: readIds } } });
      const auditRows = await promoted.auditLog.count({
        where: { action: "search", justification: { in: searched } },
      });
      const failed = answers.filter((a) => a.status !== 200 && a.status !== 201);
      const unavailable = failed.filter((a) => a.status === 503);
      const gap = failed.length
        ? Math.max(...failed.map((a) => a.at)) - Math.min(...failed.map((a) => a.at))
        : 0;
      return {
        replication,
        readsSent,
        readsAcknowledged: readIds.length,
        readsLost: readIds.length - storedReads,
        searchesSent,
        searchesAnswered: searched.length,
        searchAuditRowsLost: searched.length - auditRows,
        unavailable503: unavailable.length,
        unavailableWithoutRetryAfter: unavailable.filter((a) => !a.retryAfter).length,
        otherErrors: failed.length - unavailable.length,
        notSent: notSent.read + notSent.search,
        searchesNotSent: notSent.search,
        withoutPrimaryS: round(gap / 1000, 2),
        promotedAfterS: round((promotedAt - stoppedAt) / 1000, 2),
        achievedEventsPerS: round(
          answers.filter((a) => a.kind === "read" && a.status === 201).length / loadSeconds,
        ),
        achievedSearchesPerS: round(
          answers.filter((a) => a.kind === "search" && a.status === 200).length / loadSeconds,
        ),
      };
    } finally {
      await promoted.$disconnect();
    }
  } finally {
    odin?.child.kill("SIGKILL");
    await pair.stop();
    await rm(filesDir, { recursive: true, force: true });
  }
}

runBench("failover", async ({ writeResult }) => {
  const rounds: Round[] = [];
  for (const replication of ["synchronous", "asynchronous"] as const)
    rounds.push(await failoverRound(replication));
  printTable(
    "failover: the primary stopped at once, the standby promoted, under load",
    rounds.map((r) => ({
      replication: r.replication,
      "reads ack": r.readsAcknowledged,
      "reads lost": r.readsLost,
      "searches sent": r.searchesSent - r.searchesNotSent,
      searches: r.searchesAnswered,
      "audit rows lost": r.searchAuditRowsLost,
      "503": r.unavailable503,
      "other errors": r.otherErrors,
      "not sent": r.notSent,
      "without primary s": r.withoutPrimaryS,
      "reads/s": r.achievedEventsPerS,
      "searches/s": r.achievedSearchesPerS,
    })),
  );
  const sync = rounds.find((r) => r.replication === "synchronous")!;
  const async_ = rounds.find((r) => r.replication === "asynchronous")!;
  await writeResult({
    targets: [
      {
        name: "acknowledged and lost across a promotion, synchronous replication",
        target: "0",
        measured: `${sync.readsLost} reads of ${sync.readsAcknowledged}, ${sync.searchAuditRowsLost} audit rows of ${sync.searchesAnswered}`,
        met: sync.readsLost === 0 && sync.searchAuditRowsLost === 0,
      },
      {
        name: "answers while there is no primary",
        target: "503 with Retry-After only",
        measured: `${sync.unavailable503 + async_.unavailable503} 503 (${sync.unavailableWithoutRetryAfter + async_.unavailableWithoutRetryAfter} without Retry-After), ${sync.otherErrors + async_.otherErrors} other`,
        met:
          sync.otherErrors + async_.otherErrors === 0 &&
          sync.unavailableWithoutRetryAfter + async_.unavailableWithoutRetryAfter === 0,
      },
      {
        name: `ingest at ${EVENTS_PER_S}/s and searches at ${SEARCHES_PER_S}/s through the failover`,
        target: "reported",
        measured: `synchronous ${sync.achievedEventsPerS} reads/s, ${sync.achievedSearchesPerS} searches/s (${sync.searchesAnswered} answered of ${sync.searchesSent - sync.searchesNotSent} sent, ${sync.searchesSent} asked); asynchronous ${async_.achievedEventsPerS}, ${async_.achievedSearchesPerS} (${async_.searchesAnswered} of ${async_.searchesSent - async_.searchesNotSent} of ${async_.searchesSent}); ${sync.withoutPrimaryS} / ${async_.withoutPrimaryS} s without a primary (promotion at +${sync.promotedAfterS} s)`,
        met: true,
      },
      {
        name: "acknowledged and lost, asynchronous replication (the window)",
        target: "measured",
        measured: `${async_.readsLost} reads of ${async_.readsAcknowledged}, ${async_.searchAuditRowsLost} audit rows of ${async_.searchesAnswered}`,
        met: true,
      },
    ],
    rounds,
    settings: {
      EVENTS_PER_S,
      SEARCHES_PER_S,
      STEADY_S,
      PROMOTE_AFTER_MS,
      MAX_IN_FLIGHT,
      MAX_SEARCHES_IN_FLIGHT,
    },
  });
});
