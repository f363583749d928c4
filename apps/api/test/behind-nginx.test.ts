import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { createPrismaClient, type PrismaClient } from "@odin/db";
import { DEMO_PASSWORD } from "@odin/db/demo-data";
import { findFreePort } from "@odin/db/embedded";
import { createTestDatabase, type TestDatabase } from "@odin/db/testing";
import { buildAxisEvent, createDataset, ImageRenderer } from "@odin/simulators";
import { chromium, type Response as PlaywrightResponse } from "playwright-core";
import { Agent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from "undici";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { openAlertStream, type StreamClient } from "./alert-helpers";
import {
  addToHotlist,
  apiDir,
  apiEnvironment,
  camera,
  exited,
  hartford,
  killAll,
  pushRavenEvent,
  ravenReadOf,
  running,
  startApiProcess,
  type ApiProcess,
} from "./api-processes";
import { signIn } from "./oidc-client";

const repoRoot = path.resolve(apiDir, "../..");
/** The proxy configuration docs/self-hosting.md shows; this test runs nginx with it. */
const odinConf = path.join(repoRoot, "deploy/nginx/odin.conf");

/**
 * Three loopback addresses keep the hops apart: the client (this test) connects to nginx from CLIENT,
 * nginx connects to Odin from PROXY (proxy_bind), and Odin listens on 127.0.0.1 and believes
 * forwarded headers only from PROXY (TRUST_PROXY).
 */
const CLIENT = "127.0.0.3";
const PROXY = "127.0.0.2";
const FORGED = "203.0.113.77";

/**
 * The installed Chromium, as the e2e journeys find it (e2e/support/chromium.ts): CHROMIUM_PATH, else
 * Debian's; never a downloaded one.
 */
const chromiumPath = () => {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found) throw new Error("No Chromium found: `apt-get install chromium` or set CHROMIUM_PATH.");
  return found;
};
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"];

describe("docs/self-hosting.md shows the nginx configuration the test runs", () => {
  it("has deploy/nginx/odin.conf verbatim in a fenced nginx block", async () => {
    const conf = await readFile(odinConf, "utf8");
    const doc = await readFile(path.join(repoRoot, "docs/self-hosting.md"), "utf8");
    const blocks = [...doc.matchAll(/```nginx\n([\s\S]*?)```/g)].map((match) => match[1]);
    expect(blocks).toContain(conf);
  });
});

/**
 * Issue 42 item 3: two real API processes (node, NODE_ENV=production) on one PostgreSQL behind a real
 * nginx (Debian's package) with TLS, configured with deploy/nginx/odin.conf. Through the proxy over
 * HTTPS: a live alert reaches a stream that landed on the other process, unbuffered; in a real Chromium
 * (Debian's, signed in on the sign-in screen) a group's alert page shows, without a reload, the alert
 * of a read pushed to the process that does not hold the page's stream; Odin sees the client's address
 * from nginx's X-Forwarded-For and not one the client forged; a route's limit counted in the database
 * holds across both processes; killing a process mid-burst loses nothing acknowledged and nginx sends
 * what follows to the process left.
 */
describe("two API processes behind nginx with TLS", () => {
  let database: TestDatabase;
  let prisma: PrismaClient;
  let dir: string;
  let previousDispatcher: Dispatcher;
  let agent: Agent | undefined;
  const secretsKey = randomBytes(32).toString("hex");
  const processes: ChildProcess[] = [];
  let nginx: ChildProcess | undefined;
  let nginxLog = "";
  /** nginx's https address: the one public address of both processes. */
  let publicUrl: string;
  const ports: number[] = [];
  let a: ApiProcess;
  let b: ApiProcess;

  const startOdin = async (extra: NodeJS.ProcessEnv = {}) => {
    const settings = { databaseUrl: database.url, secretsKey, dataDir: path.join(dir, "files"), publicUrl };
    const started = await startApiProcess(
      apiEnvironment(settings, { TRUST_PROXY: PROXY, ...extra }),
      processes,
    );
    ports.push(started.port);
    return started;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "odin-behind-nginx-"));
    // nginx's workers (nobody, when the test runs as root) create their temporary files under it.
    await chmod(dir, 0o755);
    // A throwaway certificate for 127.0.0.1, trusted by this test's client only.
    await promisify(execFile)("openssl", [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"],
      ...["-addext", "subjectAltName=IP:127.0.0.1"],
      ...["-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")],
    ]);
    const ca = await readFile(path.join(dir, "cert.pem"), "utf8");
    // Every fetch of this file (the stream and sign-in helpers' too) trusts that certificate and
    // connects from CLIENT; restored after the file (workers run files one after another).
    previousDispatcher = getGlobalDispatcher();
    agent = new Agent({ localAddress: CLIENT, connect: { ca } });
    setGlobalDispatcher(agent);

    const nginxPort = await findFreePort();
    publicUrl = `https://127.0.0.1:${nginxPort}`;
    database = await createTestDatabase(inject("postgresAdminUrl"));
    prisma = createPrismaClient(database.url, { poolSize: 2 });
    a = await startOdin();
    b = await startOdin({ ODIN_MIGRATE_ON_START: "false" });

    const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
    await writeFile(
      path.join(dir, "nginx.conf"),
      [
        "worker_processes 1;",
        `pid ${path.join(dir, "nginx.pid")};`,
        `error_log ${path.join(dir, "error.log")} warn;`,
        "events { worker_connections 256; }",
        "http {",
        `  access_log ${path.join(dir, "access.log")};`,
        ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => `  ${temp(name)}`),
        `  upstream odin { server 127.0.0.1:${ports[0]}; server 127.0.0.1:${ports[1]}; }`,
        "  server {",
        `    listen 127.0.0.1:${nginxPort} ssl http2;`,
        `    ssl_certificate ${path.join(dir, "cert.pem")};`,
        `    ssl_certificate_key ${path.join(dir, "key.pem")};`,
        // The test's own additions: the hop from PROXY, and which process answered.
        `    proxy_bind ${PROXY};`,
        "    add_header X-Odin-Upstream $upstream_addr always;",
        `    include ${odinConf};`,
        "  }",
        "}",
        "",
      ].join("\n"),
    );
    nginx = spawn(
      existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx",
      ["-e", path.join(dir, "error.log"), "-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    nginx.stderr!.on("data", (chunk: Buffer) => (nginxLog += chunk.toString()));
    await vi.waitFor(
      async () => {
        if (!running(nginx!)) throw new Error(`nginx exited with ${nginx!.exitCode}: ${nginxLog}`);
        expect((await fetch(`${publicUrl}/healthz`)).status).toBe(200);
      },
      { timeout: 60_000, interval: 250 },
    );
  }, 300_000);

  const streams: StreamClient[] = [];
  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    if (previousDispatcher) setGlobalDispatcher(previousDispatcher);
    await agent?.close().catch(() => undefined);
    if (nginx && running(nginx)) {
      nginx.kill("SIGTERM");
      await exited(nginx);
    }
    killAll(processes);
    await prisma?.$disconnect();
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Which process answered through nginx (the test's X-Odin-Upstream header). */
  const upstreamOf = (answer: Response) => answer.headers.get("x-odin-upstream");
  const address = (process: { url: string }) => new URL(process.url).host;

  const reads = [...createDataset({ now: Date.now(), axisReads: 400 }).axis()].filter(
    (read) => read.camera.integration.identifier === camera.identifier,
  );
  const renderer = new ImageRenderer();
  /** A camera's push: through nginx unless `to` names one process. */
  const pushEvent = (event: unknown, to = publicUrl) => pushRavenEvent(to, event);

  it("runs each background job once across both processes", async () => {
    await vi.waitFor(
      async () => {
        const rows = await prisma.$queryRaw<{ runs: bigint | number }[]>`
          SELECT runs FROM job_schedules WHERE name = 'detection-retention'`;
        expect(rows).toHaveLength(1);
        expect(Number(rows[0]!.runs)).toBe(1);
      },
      { timeout: 30_000, interval: 250 },
    );
  });

  it("a live alert pushed through nginx reaches a stream that nginx gave to the other process", async () => {
    const { tokens, status } = await signIn(publicUrl, "hartford.admin", DEMO_PASSWORD);
    expect(status).toBe(200);
    const token = tokens!.access_token;
    // nginx hands requests to the two processes in turn: open streams until each holds one.
    const byProcess = new Map<string, StreamClient>();
    await vi.waitFor(
      async () => {
        const stream = await openAlertStream(publicUrl, token);
        streams.push(stream);
        expect(stream.status).toBe(200);
        byProcess.set(stream.headers.get("x-odin-upstream")!, stream);
        expect([...byProcess.keys()].sort()).toEqual([address(a), address(b)].sort());
      },
      { timeout: 30_000, interval: 0 },
    );
    // Unbuffered: each stream's `: ready` comes through before the first 15-second ping.
    for (const stream of byProcess.values()) {
      await stream.ready;
      expect(stream.comments).not.toContain("ping");
    }

    const plate = `ZN${randomInt(10_000, 100_000)}`;
    await addToHotlist(publicUrl, token, plate, "Behind nginx");
    const pushed = await pushEvent(await ravenReadOf(plate, renderer));
    expect(pushed.status).toBe(201);
    const { id } = (await pushed.json()) as { id: string };
    const storedBy = upstreamOf(pushed)!;
    const other = [...byProcess.keys()].find((key) => key !== storedBy)!;
    expect(other).toBeDefined();
    // The stream on the process that did not store the read gets the alert, and so does the other.
    const received = await byProcess
      .get(other)!
      .waitFor((event) => event.alert.axis_detection_id === id, 30_000);
    expect(received.data.alert).toMatchObject({ plate, agency: hartford.name, camera: camera.label });
    await byProcess.get(storedBy)!.waitFor((event) => event.alert.axis_detection_id === id, 30_000);
  });

  it("a live alert pushed to the other process appears in Chromium on the group's page, through nginx", async () => {
    const { tokens, status } = await signIn(publicUrl, "hartford.hotlistadmin", DEMO_PASSWORD);
    expect(status).toBe(200);
    const plate = `ZB${randomInt(10_000, 100_000)}`;
    await addToHotlist(publicUrl, tokens!.access_token, plate, "Behind nginx, in Chromium");

    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    try {
      // nginx's certificate is this test's own: the browser context accepts it.
      const context = await browser.newContext({
        ignoreHTTPSErrors: true,
        viewport: { width: 1440, height: 1000 },
      });
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      const isStream = (response: PlaywrightResponse) =>
        new URL(response.url()).pathname === "/alerts/stream";
      // Signed in, the navigation opens a stream of its own (the unread count) before any page does.
      const navigationStream = page.waitForResponse(isStream);

      // The real sign-in screen: the app sends the browser to the built-in provider's page and back.
      await page.goto(publicUrl);
      await page.getByRole("button", { name: "Log in with your identity provider" }).click();
      await page.getByRole("heading", { name: "Sign in" }).waitFor();
      await page.getByLabel("Username").fill("hartford.hotlistadmin");
      await page.getByLabel("Password").fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("heading", { level: 1, name: "Search LPR Records" }).waitFor();
      expect(new URL(page.url()).origin).toBe(publicUrl);
      await navigationStream;

      // The group's alert page: the stream that answers after the click is the page's own.
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Alerts", exact: true })
        .click();
      await page.getByRole("heading", { level: 1, name: "My Alert Groups" }).waitFor();
      const pageStream = page.waitForResponse(isStream);
      await page
        .getByRole("article")
        .filter({ hasText: hartford.hotlist.name })
        .getByRole("link", { name: /View Alerts/ })
        .click();
      const stream = await pageStream;
      expect(stream.status()).toBe(200);
      // The page's own state: "Live" once its stream answered (the server subscribes before answering).
      await page.getByText("Live: new alerts appear here as they happen").waitFor();
      const heldBy = await stream.headerValue("x-odin-upstream");
      expect([address(a), address(b)]).toContain(heldBy);
      const other = heldBy === address(a) ? b : a;

      // The RAVEN read of the listed plate goes straight to the process that does not hold the stream.
      const pushed = await pushEvent(await ravenReadOf(plate, renderer), other.url);
      expect(pushed.status).toBe(201);

      // The page announces only what came over its stream (reloading the history announces nothing),
      // and the row is in the table without a reload.
      await page
        .getByText(`New alert: plate ${plate} at ${camera.label}.`, { exact: true })
        .waitFor({ state: "attached" });
      const row = page.getByRole("row").filter({ hasText: plate });
      await row.waitFor();
      expect(await row.innerText()).toContain(camera.label);
      // ODIN_TEST_SCREENSHOTS=<folder> keeps a picture of the page to look at.
      if (process.env.ODIN_TEST_SCREENSHOTS) {
        await page.screenshot({
          path: path.join(process.env.ODIN_TEST_SCREENSHOTS, "behind-nginx-live-alert.png"),
        });
      }
    } finally {
      await browser.close();
    }
  }, 180_000);

  it("sees the client's address from nginx, not a forged X-Forwarded-For, and one limit across both", async () => {
    // POST /reset-password: 10 a minute per address, counted in PostgreSQL (rate_limit_counters).
    const answers: { status: number; upstream: string | null }[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await fetch(`${publicUrl}/reset-password`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": FORGED },
        body: new URLSearchParams({
          token: "not-a-token",
          new_password: "x",
          confirm_password: "x",
        }).toString(),
      });
      await answer.arrayBuffer();
      answers.push({ status: answer.status, upstream: upstreamOf(answer) });
    }
    // Both processes answered, and together they let exactly 10 through.
    expect(new Set(answers.map((answer) => answer.upstream))).toEqual(new Set([address(a), address(b)]));
    expect(answers.map((answer) => answer.status)).toEqual([...Array(10).fill(410), 429, 429]);
    // The key is the client's address as nginx saw it: not nginx's own, not the forged one.
    const keys = await prisma.$queryRaw<{ key: string; count: number }[]>`
      SELECT key, count FROM rate_limit_counters WHERE key LIKE 'POST /reset-password|%'`;
    expect(keys).toEqual([{ key: `POST /reset-password|${CLIENT}`, count: 12 }]);
  });

  it("killing a process mid-burst loses nothing acknowledged; nginx sends what follows to the other", async () => {
    // The live streams would end with A: closed first.
    streams.forEach((stream) => stream.close());
    const events = await Promise.all(
      Array.from({ length: 40 }, (_, i) => buildAxisEvent(reads[i + 1]!, { renderer })),
    );
    const acknowledged: string[] = [];
    const failed: number[] = [];
    let killed = false;
    await Promise.all(
      events.slice(0, 24).map((event) =>
        pushEvent(event)
          .then(async (answer) => {
            if (answer.status === 201) acknowledged.push(((await answer.json()) as { id: string }).id);
            else failed.push(answer.status);
            if (acknowledged.length === 8 && !killed) {
              killed = true;
              a.child.kill("SIGKILL");
            }
          })
          .catch(() => failed.push(0)),
      ),
    );
    expect(killed).toBe(true);
    await exited(a.child);
    // Whatever nginx answered with 201 is stored.
    const stored = await prisma.detection.count({ where: { id: { in: acknowledged.map(BigInt) } } });
    expect(stored).toBe(acknowledged.length);
    // Only the requests A held when it died can fail (502), never with a 201 lost.
    expect(failed.every((status) => status === 502)).toBe(true);
    // With A gone, nginx passes every push to B: none fails.
    for (const event of events.slice(24, 30)) {
      const answer = await pushEvent(event);
      expect(answer.status).toBe(201);
      expect(upstreamOf(answer)).toMatch(new RegExp(`${address(b)}$`));
      const { id } = (await answer.json()) as { id: string };
      expect(await prisma.detection.count({ where: { id: BigInt(id) } })).toBe(1);
    }
  }, 120_000);
});
