import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { findFreePort } from "@odin/db/embedded";
import { buildAxisEvent, createDataset, type ImageRenderer } from "@odin/simulators";
import { expect, vi } from "vitest";

/**
 * Real API processes for the tests that run several (two-processes.test.ts, behind-nginx.test.ts):
 * `node --import tsx src/server.ts` with NODE_ENV=production on a test's database, and the demo's
 * "add a plate to Hartford's hotlist, a RAVEN camera reads it" that raises a live alert.
 */

export const apiDir = path.resolve(import.meta.dirname, "..");
export const hartford = DEMO_AGENCIES.find((agency) => agency.key === "hartford")!;
/** Hartford's first RAVEN camera (Park St at Washington St). */
export const camera = hartford.axis[0]!;

export const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
/** Resolves once the child has ended (by itself or by a signal), even if it already has. */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    if (!running(child)) resolve();
  });

export interface ApiSettings {
  databaseUrl: string;
  secretsKey: string;
  /** ODIN_DATA_DIR: the file folder (pictures, exports) the processes share. */
  dataDir: string;
  /** ODIN_PUBLIC_URL: the one address every process is reached by (the issuer of its tokens). */
  publicUrl: string;
}

/** A process's environment: production, the demo seeded, no simulators, no Axon polling. */
export const apiEnvironment = (settings: ApiSettings, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  DATABASE_URL: settings.databaseUrl,
  ODIN_SECRETS_KEY: settings.secretsKey,
  ODIN_DATA_DIR: settings.dataDir,
  ODIN_PUBLIC_URL: settings.publicUrl,
  ODIN_SEED_DEMO: "true",
  ODIN_DEMO_SIMULATORS: "false",
  AXON_POLL_INTERVAL_MS: "0",
  LOG_LEVEL: "warn",
  ...extra,
});

export interface ApiProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  child: ChildProcess;
}

/**
 * Starts one process on `port` (a free one if none) and waits until /healthz answers 200. The child is
 * added to `children` as soon as it is spawned, so the caller's clean-up kills it even if it never
 * becomes healthy.
 */
export async function startApiProcess(
  environment: NodeJS.ProcessEnv,
  children: ChildProcess[],
  port?: number,
): Promise<ApiProcess> {
  port ??= await findFreePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: apiDir,
    env: { ...environment, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  await vi.waitFor(
    async () => {
      if (!running(child)) throw new Error(`process exited with ${child.exitCode ?? child.signalCode}`);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    },
    { timeout: 120_000, interval: 250 },
  );
  return { url, port, child };
}

/** SIGKILL for every child still running. */
export function killAll(children: ChildProcess[]): void {
  for (const child of children) if (running(child)) child.kill("SIGKILL");
}

/**
 * Puts `plate` (CT) on Hartford's demo hotlist through `baseUrl`, as `token`'s user. A plate of the
 * test's own: no earlier read within the group's cooldown can swallow its alert.
 */
export async function addToHotlist(baseUrl: string, token: string, plate: string, reason: string) {
  const authorized = { "content-type": "application/json", authorization: `Bearer ${token}` };
  const groups = (await (await fetch(`${baseUrl}/alerts-data`, { headers: authorized })).json()) as {
    id: number | string;
    name: string;
  }[];
  const group = groups.find((candidate) => candidate.name === hartford.hotlist.name);
  const added = await fetch(`${baseUrl}/hotlist/add-plate-direct`, {
    method: "POST",
    headers: authorized,
    body: JSON.stringify({
      plate_number: plate,
      state: "CT",
      reason,
      notes: "",
      group_id: String(group!.id),
    }),
  });
  expect(added.status).toBe(200);
}

/** The event Hartford's RAVEN camera pushes when it reads `plate` (CT, a minute ago). */
export const ravenReadOf = (plate: string, renderer: ImageRenderer) =>
  buildAxisEvent(
    createDataset({ now: Date.now(), axisReads: 0 }).addRead("axis", {
      plate,
      state: "CT",
      cameraKey: `axis:${camera.identifier}`,
      capturedAt: Date.now() - 60_000,
    }),
    { renderer },
  );

/** The camera's push of `event` to `baseUrl` (a process, or the proxy in front of them). */
export const pushRavenEvent = (baseUrl: string, event: unknown) =>
  fetch(`${baseUrl}/ingest/axis/${camera.identifier}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${camera.ingestToken}` },
    body: JSON.stringify(event),
  });
