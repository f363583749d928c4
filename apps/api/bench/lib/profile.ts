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

interface Profile {
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
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const selfUs = new Map<number, number>();
    profile.samples.forEach((id, index) =>
      selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)),
    );
    const total = [...selfUs.values()].reduce((sum, us) => sum + us, 0);
    const areas = new Map<string, number>();
    const functions = new Map<string, { area: string; us: number }>();
    for (const [id, us] of selfUs) {
      const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
      const area = areaOf(url, functionName);
      areas.set(area, (areas.get(area) ?? 0) + us);
      const key = `${functionName || "(anonymous)"} ${path.basename(url)}:${lineNumber + 1}`;
      const entry = functions.get(key) ?? { area, us: 0 };
      entry.us += us;
      functions.set(key, entry);
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
    };
  };
}
