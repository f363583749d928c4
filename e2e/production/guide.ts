import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseEnv } from "node:util";
import { repoRoot, run } from "./production-install";

/**
 * docs/self-hosting.md's "Install without Docker", as the production test runs it (issue 35 item 5):
 * the section's `sh` blocks in order and its systemd unit, read from the page itself, so the guide
 * cannot drift from what is tested. What the test changes, and only that: the three folders live in a
 * temporary place, `sudo` is left out (the test runs as one user and makes no `odin` system user or
 * group, so step 1 and the `chown` to that group are skipped), PostgreSQL's superuser is reached through
 * PG* variables, and the address, port and public URL are the test's.
 */
export interface GuidePlaces {
  /** /opt/odin */
  appDir: string;
  /** /etc/odin */
  etcDir: string;
  /** /var/lib/odin */
  dataDir: string;
  /** The test's PostgreSQL, as a superuser's URL (psql gets it as PG* variables). */
  adminUrl: string;
  baseUrl: string;
  port: number;
}

export interface GuideUnit {
  workingDirectory: string;
  environmentFile: string;
  execStart: string[];
}

const SECTION = /^## Install without Docker\n([\s\S]*?)^## /m;

async function section(): Promise<string> {
  const page = await readFile(path.join(repoRoot, "docs", "self-hosting.md"), "utf8");
  const found = SECTION.exec(page);
  if (!found) throw new Error('docs/self-hosting.md has no "Install without Docker" section');
  return found[1]!;
}

function localize(text: string, places: GuidePlaces): string {
  const db = new URL(places.adminUrl);
  return text
    .replaceAll("/opt/odin", places.appDir)
    .replaceAll("/etc/odin", places.etcDir)
    .replaceAll("/var/lib/odin", places.dataDir)
    .replaceAll("https://odin.example.org", places.baseUrl)
    .replaceAll("127.0.0.1:5432", `${db.hostname}:${db.port || "5432"}`)
    .replace(/^PORT=3000$/m, `PORT=${places.port}`)
    .replace(/^sudo chown root:odin .*$/gm, "")
    .replaceAll("sudo -u postgres ", "")
    .replaceAll("sudo -u odin ", "")
    .replaceAll("sudo ", "");
}

/** The section's shell blocks, localized, each with the step it belongs to. */
export async function guideCommands(places: GuidePlaces): Promise<{ step: string; script: string }[]> {
  const text = await section();
  const blocks: { step: string; script: string }[] = [];
  // Each step begins with a bold "**N. …**"; its blocks are the `sh` fences up to the next step.
  const steps = text.split(/^(?=\*\*\d+\.)/m);
  for (const part of steps) {
    const step = /^\*\*(\d+)\./.exec(part)?.[1];
    if (!step) continue;
    for (const match of part.matchAll(/```sh\n([\s\S]*?)```/g)) {
      if (match[1]!.includes("useradd")) continue; // step 1: the system user and its folders
      blocks.push({ step, script: localize(match[1]!, places) });
    }
  }
  return blocks;
}

/** Runs one step's commands as the guide writes them (bash, stop at the first failure). */
export async function runGuideStep(places: GuidePlaces, step: string) {
  const db = new URL(places.adminUrl);
  const commands = (await guideCommands(places)).filter((block) => block.step === step);
  if (commands.length === 0) throw new Error(`the guide has no step ${step} with commands`);
  for (const { script } of commands) {
    const result = await run("bash", ["--noprofile", "--norc", "-euo", "pipefail", "-c", script], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        PGHOST: db.hostname,
        PGPORT: db.port || "5432",
        PGUSER: decodeURIComponent(db.username),
        PGPASSWORD: decodeURIComponent(db.password),
        PGDATABASE: db.pathname.slice(1) || "postgres",
      },
    });
    if (result.code !== 0)
      throw new Error(
        `step ${step} of the guide failed (${result.code}):\n${script}\n${result.stdout}\n${result.stderr}`,
      );
  }
}

/** The guide's systemd unit: where Odin runs, its env file and its command. */
export async function guideUnit(places: GuidePlaces): Promise<GuideUnit> {
  const ini = /```ini\n([\s\S]*?)```/.exec(await section())?.[1];
  if (!ini) throw new Error("the guide has no systemd unit");
  const value = (key: string) => {
    const line = new RegExp(`^${key}=(.*)$`, "m").exec(localize(ini, places))?.[1];
    if (!line) throw new Error(`the guide's unit has no ${key}=`);
    return line.trim();
  };
  const [command, ...args] = value("ExecStart").split(/\s+/);
  // The unit names Debian's /usr/bin/node; the test runs the node it runs on.
  return {
    workingDirectory: value("WorkingDirectory"),
    environmentFile: value("EnvironmentFile"),
    execStart: [command === "/usr/bin/node" ? process.execPath : command!, ...args],
  };
}

/** The service's environment as systemd's EnvironmentFile= gives it. */
export async function unitEnvironment(unit: GuideUnit): Promise<Record<string, string>> {
  return parseEnv(await readFile(unit.environmentFile, "utf8")) as Record<string, string>;
}
