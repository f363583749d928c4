/**
 * Federated search: the real app over real HTTP, seeded with the demo personas, its Rekor and Axon
 * integrations pointing at the simulators, each simulator answering in 200 ms, and the Axis store
 * holding the simulated Axis cameras' recent reads. hartford.investigator searches an exact plate
 * read by every vendor (dataset.sharedPlates) over the last 24 hours in all sources.
 * Odin's added latency = wall time − 200 ms. Target (docs/benchmarks.md): p50 ≤ 20 ms.
 * Then one source hangs (SEARCH_SOURCE_TIMEOUT_MS=1000): the answer must come within the timeout
 * + 100 ms, with the other sources' results.
 *
 *   pnpm --filter @odin/api exec tsx bench/federated.ts
 *   BENCH_RUNS=3 BENCH_SEARCHES=80 … (searches per run)
 */
import { SEARCH_SOURCES_HEADER, type TSearchResult, type TSourceStatus } from "@odin/contract";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import type { TestApp } from "../test/helpers";
import { mintToken, seedPersonas } from "../test/tokens";
import { startBenchApp } from "./lib/app";
import { startChild, type BenchChild } from "./lib/child";
import { clusterCpu, machineCpuMs } from "./lib/cpu";
import { startProfile, type ProfileSummary } from "./lib/profile";
import type { SimulatorsMessage, SimulatorsRequest, VendorSpan } from "./simulators-process";
import {
  log,
  median,
  printTable,
  round,
  runBench,
  summarize,
  type BenchRun,
  type LatencySummary,
} from "./lib/harness";

const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 3));
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 80);
const WARMUP = 10;
const HANG_SEARCHES = 5;
const VENDOR_LATENCY_MS = 200;
const SOURCE_TIMEOUT_MS = 1000;
const TARGET_ADDED_P50 = 20;
const DAY = 86_400_000;

interface Search {
  ms: number;
  status: number;
  results: number;
  sources: TSourceStatus[];
  /** How long each vendor really took to answer (its slowest request), as the simulator measured it. */
  vendorMs: Partial<Record<VendorSpan["vendor"], number>>;
}

async function main({ db, writeResult }: BenchRun): Promise<void> {
  let simulators: BenchChild<SimulatorsRequest, SimulatorsMessage> | undefined;
  let t: TestApp | undefined;
  try {
    // The simulators run in a process of their own, as real vendors answer from elsewhere.
    simulators = startChild<SimulatorsRequest, SimulatorsMessage>("simulators-process.ts");
    const sim = await simulators.request({ type: "start", latencyMs: VENDOR_LATENCY_MS }, "ready");
    const vendors = simulators;
    t = await startBenchApp(db.url, {
      SEARCH_SOURCE_TIMEOUT_MS: String(SOURCE_TIMEOUT_MS),
      // Several hundred searches a minute from one client: the limiter still runs, it just never refuses.
      RATE_LIMIT_PER_MINUTE: "100000",
    });
    const subjects = await seedPersonas(t, { simulatorUrls: { rekor: sim.rekorUrl, axon: sim.axonUrl } });
    const token = await mintToken(t, subjects.investigator, { expiresIn: 3600 });
    const fed = await simulators.request(
      {
        type: "feed-axis",
        odinUrl: t.baseUrl,
        tokens: Object.fromEntries(
          DEMO_AGENCIES.flatMap((agency) => agency.axis).map((axis) => [axis.identifier, axis.ingestToken]),
        ),
        sinceMs: Date.now() - 30 * DAY,
      },
      "fed",
    );
    if (fed.refused > 0) throw new Error(`${fed.refused} simulated Axis reads were refused`);
    const axisStored = fed.stored;
    log(`Axis store: ${axisStored} simulated reads of the last 30 days pushed through the ingest endpoint`);

    const plates = sim.sharedPlates;
    const app = t;
    const search = async (plate: string, agencies: string[] = []): Promise<Search> => {
      const now = Date.now();
      const t0 = performance.now();
      const response = await fetch(`${app.baseUrl}/search-data`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          plate,
          justification: "Benchmark: federated search latency",
          start_time: new Date(now - DAY).toISOString(),
          end_time: new Date(now).toISOString(),
          agencies,
        }),
      });
      const body = (await response.json()) as TSearchResult[];
      const ms = performance.now() - t0;
      if (response.status !== 200)
        throw new Error(`search answered ${response.status}: ${JSON.stringify(body)}`);
      const header = response.headers.get(SEARCH_SOURCES_HEADER);
      // Outside the timed part: what the vendors' own clocks said about this search.
      const { spans } = await vendors.request({ type: "drain" }, "spans");
      const vendorMs: Search["vendorMs"] = {};
      for (const span of spans) vendorMs[span.vendor] = Math.max(vendorMs[span.vendor] ?? 0, span.ms);
      return {
        ms,
        status: response.status,
        results: body.length,
        sources: header ? (JSON.parse(header) as TSourceStatus[]) : [],
        vendorMs,
      };
    };

    // Warm-up: the first search fetches and caches the Axon token (a second 200 ms round trip).
    const warmup: Search[] = [];
    for (let i = 0; i < WARMUP; i++) warmup.push(await search(plates[i % plates.length]!));

    const runs: Search[][] = [];
    for (let run = 0; run < RUNS; run++) {
      const measured: Search[] = [];
      for (let i = 0; i < SEARCHES; i++) {
        measured.push(await search(plates[(run * SEARCHES + i) % plates.length]!));
      }
      runs.push(measured);
      log(`run ${run + 1}/${RUNS}: added p50 ${round(summarize(added(measured)).p50)} ms`);
    }
    const all = runs.flat();
    const perRun = runs.map((measured) => ({
      wall: summarize(measured.map((s) => s.ms)),
      added: summarize(added(measured)),
      overVendors: summarize(overVendors(measured)),
      outsideSources: summarize(outsideSources(measured)),
    }));
    const medianOf = (pick: (run: (typeof perRun)[number]) => LatencySummary) => ({
      p50: round(median(perRun.map((run) => pick(run).p50))),
      p95: round(median(perRun.map((run) => pick(run).p95))),
      max: round(median(perRun.map((run) => pick(run).max))),
    });
    const wall = medianOf((run) => run.wall);
    const addedLatency = medianOf((run) => run.added);
    const overSlowestVendor = medianOf((run) => run.overVendors);
    const outside = medianOf((run) => run.outsideSources);
    const vendorTimes = (["Rekor", "Axon"] as const).map((vendor) => ({
      vendor,
      ...summarize(all.map((s) => s.vendorMs[vendor]).filter((ms) => ms !== undefined)),
    }));
    const sources = sourceTable(all);
    const registered: string[] = sources.map((source) => source.source);

    printTable(
      `Federated search, vendors at ${VENDOR_LATENCY_MS} ms: ms per search (median of ${RUNS} runs × ${SEARCHES})`,
      [
        { measure: "wall time (client, real HTTP)", p50: wall.p50, p95: wall.p95, max: wall.max },
        {
          measure: `Odin's added latency (wall − ${VENDOR_LATENCY_MS})`,
          p50: addedLatency.p50,
          p95: addedLatency.p95,
          max: addedLatency.max,
        },
        {
          measure: "over the slowest vendor's real answer time",
          p50: overSlowestVendor.p50,
          p95: overSlowestVendor.p95,
          max: overSlowestVendor.max,
        },
        ...vendorTimes.map((vendor) => ({
          measure: `${vendor.vendor} simulator's answer time (its own clock)`,
          p50: vendor.p50,
          p95: vendor.p95,
          max: vendor.max,
        })),
        {
          measure: "outside the sources (wall − slowest source's elapsed_ms)",
          p50: outside.p50,
          p95: outside.p95,
          max: outside.max,
        },
      ],
    );
    printTable(
      "Per source (x-odin-sources), all measured searches",
      sources.map((source) => ({
        source: source.source,
        statuses: Object.entries(source.statuses)
          .map(([status, count]) => `${status} ${count}`)
          .join(", "),
        "elapsed p50": source.elapsed.p50,
        "elapsed p95": source.elapsed.p95,
        "results median": source.results.p50,
      })),
    );
    if (!registered.includes("Rekor")) {
      log("Rekor is not in the source registry at this commit: the figures cover Axon + Axis.");
    }

    // Where Odin's time goes: the same searches limited to Hartford's Axis cameras (no vendor
    // called: Odin's fixed cost), and each vendor source's time beyond the vendor's own answer time.
    const axisOnly: Search[] = [];
    const hartfordAxis = ["hfd-lpv-01", "hfd-lpv-02", "csp-h-lpv-01"];
    for (let i = 0; i < SEARCHES; i++) axisOnly.push(await search(plates[i % plates.length]!, hartfordAxis));
    const adapterOverhead = (vendor: VendorSpan["vendor"]) =>
      summarize(
        all.flatMap((s) => {
          const elapsed = s.sources.find((status) => status.source === vendor)?.elapsed_ms;
          const own = s.vendorMs[vendor];
          return elapsed === undefined || own === undefined ? [] : [elapsed - own];
        }),
      );
    const profile = {
      axisOnlySearch: summarize(axisOnly.map((s) => s.ms)),
      axisOnlyOutsideSources: summarize(outsideSources(axisOnly)),
      rekorAdapterOverVendor: adapterOverhead("Rekor"),
      axonAdapterOverVendor: adapterOverhead("Axon"),
      outsideSources: summarize(outsideSources(all)),
    };
    printTable("Where Odin's time goes, ms (all measured searches)", [
      {
        part: "whole search limited to Axis (no vendor called)",
        p50: profile.axisOnlySearch.p50,
        p95: profile.axisOnlySearch.p95,
      },
      {
        part: "  of which outside the Axis source",
        p50: profile.axisOnlyOutsideSources.p50,
        p95: profile.axisOnlyOutsideSources.p95,
      },
      {
        part: "Rekor source's elapsed_ms − Rekor's own answer time",
        p50: profile.rekorAdapterOverVendor.p50,
        p95: profile.rekorAdapterOverVendor.p95,
      },
      {
        part: "Axon source's elapsed_ms − Axon's own answer time",
        p50: profile.axonAdapterOverVendor.p50,
        p95: profile.axonAdapterOverVendor.p95,
      },
      {
        part: "all sources: wall − slowest source's elapsed_ms",
        p50: profile.outsideSources.p50,
        p95: profile.outsideSources.p95,
      },
    ]);

    // Missed: CPU per search (this process: the API and the bench's fetch; the PostgreSQL cluster)
    // and a CPU profile of this process over the same searches once more.
    let cpuProfile: (ProfileSummary & { perSearch: Record<string, number> }) | undefined;
    if (addedLatency.p50 > TARGET_ADDED_P50) {
      const [backend] = await t.prisma.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      const postgresMs = clusterCpu(backend!.pid);
      const machine0 = machineCpuMs();
      const cpu0 = process.cpuUsage();
      const postgres0 = postgresMs();
      const stop = await startProfile();
      const profiled: Search[] = [];
      for (let i = 0; i < SEARCHES; i++) profiled.push(await search(plates[i % plates.length]!));
      const summary = await stop();
      const cpu = process.cpuUsage(cpu0);
      const machine1 = machineCpuMs();
      const perSearch = {
        wallP50: round(summarize(profiled.map((s) => s.ms)).p50),
        apiProcessCpu: round((cpu.user + cpu.system) / 1000 / SEARCHES),
        postgresCpu: round((postgresMs() - postgres0) / SEARCHES),
        machineBusyShare: round((machine1.busy - machine0.busy) / (machine1.total - machine0.total), 2),
      };
      cpuProfile = { ...summary, perSearch };
      printTable("CPU per search, profiler on (this process = the API + the bench's fetch client)", [
        { measure: "wall p50, ms", value: perSearch.wallP50 },
        { measure: "this process's CPU, ms", value: perSearch.apiProcessCpu },
        { measure: "PostgreSQL cluster's CPU, ms", value: perSearch.postgresCpu },
        { measure: "machine busy (share of both cores)", value: perSearch.machineBusyShare },
      ]);
      printTable(
        `CPU profile of this process over ${SEARCHES} searches: self time by area`,
        summary.byArea.slice(0, 15).map((entry) => ({ area: entry.area, ms: entry.ms, "%": entry.share })),
      );
      printTable(
        "… and by function",
        summary.byFunction.slice(0, 15).map((entry) => ({
          function: entry.fn,
          area: entry.area,
          ms: entry.ms,
          "%": entry.share,
        })),
      );
    }

    // A hung source: its status says timeout, the answer still comes within the timeout.
    const hangs: { source: string; searches: Search[] }[] = [];
    for (const [name, url] of [
      ["Rekor", sim.rekorUrl],
      ["Axon", sim.axonUrl],
    ] as const) {
      // Axon is hung too only to show the same path for it; Rekor is the brief's case.
      await setFaults(url, { hang: true });
      const searches: Search[] = [];
      for (let i = 0; i < HANG_SEARCHES; i++) searches.push(await search(plates[i % plates.length]!));
      await fetch(`${url}/__sim/faults`, { method: "DELETE" });
      await setFaults(url, { latency_ms: VENDOR_LATENCY_MS });
      await simulators.request({ type: "drain" }, "spans");
      hangs.push({ source: name, searches });
    }
    printTable(
      `One simulator hanging, SEARCH_SOURCE_TIMEOUT_MS=${SOURCE_TIMEOUT_MS}: each search`,
      hangs.flatMap(({ source, searches }) =>
        searches.map((s, index) => ({
          hanging: source,
          search: index + 1,
          "wall ms": round(s.ms),
          results: s.results,
          sources: s.sources.map((status) => `${status.source} ${status.status} ${status.count}`).join(", "),
        })),
      ),
    );
    const hangSummary = hangs.map(({ source, searches }) => {
      const inRegistry = registered.includes(source);
      const maxMs = Math.max(...searches.map((s) => s.ms));
      const othersOk = searches.every((s) =>
        s.sources.filter((status) => status.source !== source).every((status) => status.status === "ok"),
      );
      const timedOut = searches.every((s) =>
        s.sources.some((status) => status.source === source && status.status === "timeout"),
      );
      return {
        source,
        inRegistry,
        wall: summarize(searches.map((s) => s.ms)),
        maxMs: round(maxMs),
        timedOut,
        othersOk,
        withinTimeout: maxMs <= SOURCE_TIMEOUT_MS + 100,
        results: searches.map((s) => s.results),
        statuses: searches.map((s) => s.sources),
      };
    });

    await writeResult({
      targets: [
        {
          name: "Odin's added latency, p50",
          target: `≤ ${TARGET_ADDED_P50} ms`,
          measured: `${addedLatency.p50} ms (p95 ${addedLatency.p95} ms)`,
          met: addedLatency.p50 <= TARGET_ADDED_P50,
        },
        ...hangSummary
          .filter((hang) => hang.inRegistry)
          .map((hang) => ({
            name: `${hang.source} hanging: answer within timeout + 100 ms, others' results`,
            target: `≤ ${SOURCE_TIMEOUT_MS + 100} ms`,
            measured: `max ${hang.maxMs} ms; ${hang.source} ${hang.timedOut ? "timeout" : "NOT timeout"}, others ${hang.othersOk ? "ok" : "NOT ok"}`,
            met: hang.withinTimeout && hang.timedOut && hang.othersOk,
          })),
      ],
      database: db.kind,
      method: {
        persona: "hartford.investigator",
        endpoint: "POST /search-data over HTTP (app.listen), all sources (agencies: [])",
        plates: "dataset.sharedPlates (display form), exact, last 24 hours",
        vendorLatencyMs: VENDOR_LATENCY_MS,
        sourceTimeoutMs: SOURCE_TIMEOUT_MS,
        runs: RUNS,
        searchesPerRun: SEARCHES,
        warmup: WARMUP,
        axisStored,
      },
      sourcesInRegistry: registered,
      wall,
      addedLatency,
      overSlowestVendor,
      vendorTimes,
      outsideSources: outside,
      profile,
      ...(cpuProfile ? { cpuProfile } : {}),
      perRun,
      sources,
      warmupMs: warmup.map((s) => round(s.ms)),
      hangs: hangSummary,
    });
  } finally {
    await t?.close();
    await simulators?.stop();
  }
}

const added = (searches: readonly Search[]) => searches.map((s) => s.ms - VENDOR_LATENCY_MS);

/** Wall time minus the slowest vendor's real answer time (the simulators' own work included there). */
const overVendors = (searches: readonly Search[]) =>
  searches.map((s) => s.ms - Math.max(0, ...Object.values(s.vendorMs)));

/** Wall time minus the slowest source's own elapsed time: auth, scoping, audit, merge, HTTP. */
const outsideSources = (searches: readonly Search[]) =>
  searches.map((s) => s.ms - Math.max(0, ...s.sources.map((status) => status.elapsed_ms)));

function sourceTable(searches: readonly Search[]) {
  const names = [...new Set(searches.flatMap((s) => s.sources.map((status) => status.source)))];
  return names.map((source) => {
    const statuses = searches.flatMap((s) => s.sources.filter((status) => status.source === source));
    const counts: Record<string, number> = {};
    for (const status of statuses) counts[status.status] = (counts[status.status] ?? 0) + 1;
    return {
      source,
      statuses: counts,
      elapsed: summarize(statuses.map((status) => status.elapsed_ms)),
      results: summarize(statuses.map((status) => status.count)),
    };
  });
}

async function setFaults(url: string, faults: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${url}/__sim/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(faults),
  });
  if (!response.ok) throw new Error(`the simulator refused the faults: ${response.status}`);
}

runBench("federated", main);
