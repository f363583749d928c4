/**
 * A CPU profile of this process (the API's) over a stretch of load, summarised by where the code
 * lives: which package, which of Odin's files, Node's internals, the garbage collector.
 */
import { Session } from "node:inspector/promises";
import path from "node:path";
import { benchDir, round } from "./harness";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  /** Self time by package / area, largest first. */
  byArea: { area: string; ms: number; share: number }[];
  /** Self time by function, largest first. */
  byFunction: { fn: string; area: string; ms: number; share: number }[];
}

const projectRoot = path.resolve(benchDir, "../../..");

function areaOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("node:"))
    return `node:${url.slice(5).split("/")[0] === "internal" ? url.slice(14).split("/")[0] : url.slice(5)}`;
  const pnpm = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pnpm) return pnpm[1]!;
  const file = url.replace(/^file:\/\//, "");
  if (file.startsWith(projectRoot)) {
    const relative = path.relative(projectRoot, file);
    if (relative.startsWith("packages/")) return `@odin/${relative.split("/")[1]}`;
    return relative;
  }
  return url;
}

/**
 * Where the samples of a V8 CPU profile went: self time by area and by function and, for `steps`,
 * each sample charged to the innermost of the named frames on its stack (a step's own work plus
 * what it calls synchronously). `window` keeps the samples between two CLOCK_MONOTONIC instants in
 * µs (process.hrtime here, the profile's own clock in V8 on Linux), e.g. a load phase of a
 * `node --cpu-prof` process.
 */
export function summarizeProfile(
  profile: Profile & { startTime?: number; nodes: (ProfileNode & { children?: number[] })[] },
  {
    window,
    steps = [],
  }: { window?: { fromUs: number; toUs: number }; steps?: { step: string; test: RegExp }[] } = {},
): ProfileSummary & { bySteps: { step: string; ms: number; share: number }[] } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfUs = new Map<number, number>();
  let at = profile.startTime ?? 0;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (window && (at < window.fromUs || at > window.toUs)) return;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const stepOf = new Map<number, string>();
  const stepFor = (id: number): string => {
    const known = stepOf.get(id);
    if (known !== undefined) return known;
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const frame = `${functionName || "(anonymous)"} ${url}:${lineNumber + 1}`;
    const own = steps.find((step) => step.test.test(frame))?.step;
    const up = parent.get(id);
    const found = own ?? (up === undefined ? "(other)" : stepFor(up));
    stepOf.set(id, found);
    return found;
  };
  const total = [...selfUs.values()].reduce((sum, us) => sum + us, 0);
  const areas = new Map<string, number>();
  const functions = new Map<string, { area: string; us: number }>();
  const stepUs = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const key = `${functionName || "(anonymous)"} ${path.basename(url)}:${lineNumber + 1}`;
    const entry = functions.get(key) ?? { area, us: 0 };
    entry.us += us;
    functions.set(key, entry);
    if (steps.length) {
      const step = stepFor(id);
      stepUs.set(step, (stepUs.get(step) ?? 0) + us);
    }
  }
  const share = (us: number) => round((100 * us) / total, 1);
  return {
    totalMs: round(total / 1000),
    byArea: [...areas]
      .sort((a, b) => b[1] - a[1])
      .map(([area, us]) => ({ area, ms: round(us / 1000), share: share(us) })),
    byFunction: [...functions]
      .sort((a, b) => b[1].us - a[1].us)
      .slice(0, 40)
      .map(([fn, entry]) => ({ fn, area: entry.area, ms: round(entry.us / 1000), share: share(entry.us) })),
    bySteps: [...stepUs]
      .sort((a, b) => b[1] - a[1])
      .map(([step, us]) => ({ step, ms: round(us / 1000), share: share(us) })),
  };
}

/** Starts sampling; the returned function stops and summarises. */
export async function startProfile(): Promise<() => Promise<ProfileSummary>> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 500 });
  await session.post("Profiler.start");
  return async () => {
    const { profile } = (await session.post("Profiler.stop")) as { profile: Profile };
    session.disconnect();
    const { bySteps: _bySteps, ...summary } = summarizeProfile(profile);
    return summary;
  };
}
