/**
 * Alert delivery (issue 24): from a camera's push to the signed webhook received by a local endpoint.
 * The real app listens on HTTP with a fresh seeded database; one Hartford group watches BENCH plates
 * (one per alert, so no cooldown folds them) and a webhook of the agency points at a local HTTP
 * endpoint that verifies each signature. Axis events are pushed over HTTP at a fixed rate (open loop:
 * each push leaves at its scheduled time whether or not the earlier ones were answered). Measured: for
 * each alert, the time from its push leaving to its webhook arriving; every delivery must arrive once
 * (counted by Odin-Delivery id and by plate). The endpoint runs in the bench's process, beside the app.
 * Target (docs/benchmarks.md): p95 ≤ 1 s at 50 alerts/s, none lost, none duplicated.
 *
 * BENCH_DELIVERY_RESTART=1: halfway through the pushes the API is restarted (closed as on SIGTERM:
 * the worker stops claiming and finishes the attempts under way, then a new app on the same database
 * and secrets key starts and takes the queue over). Pushes meanwhile wait and are sent to the new app
 * (a camera resends what was not answered). Counted: none lost, none duplicated; the latency then
 * includes the restart and is reported, not judged. A process killed mid-delivery is the lease's case
 * (test/delivery-queue-faults.test.ts).
 *
 *   pnpm --filter @odin/api bench alert-delivery
 *   BENCH_DELIVERY_ALERTS=1500 BENCH_DELIVERY_RATE=50 …   (full size: 30 s at 50/s)
 *   BENCH_DELIVERY_ALERTS=100 …                           (a small run)
 *   BENCH_DELIVERY_RESTART=1 BENCH_DELIVERY_ALERTS=1500 … (a restart of the API mid-run)
 */
import { createServer, type Server } from "node:http";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { seedDemoData } from "@odin/db/seed";
import { buildAxisEvent, createDataset } from "@odin/simulators";
import { newWebhookSecret, verifyWebhookSignature } from "../src/delivery/webhook-signature";
import type { TestApp } from "../test/helpers";
import { startBenchApp } from "./lib/app";
import { log, round, runBench, summarize, type BenchRun } from "./lib/harness";

const ALERTS = Number(process.env.BENCH_DELIVERY_ALERTS ?? 1500);
const RATE = Number(process.env.BENCH_DELIVERY_RATE ?? 50);
const RESTART = process.env.BENCH_DELIVERY_RESTART === "1";
const TARGET_P95_MS = 1000;
const plateOf = (index: number) => `BD${String(index).padStart(5, "0")}`;

async function main({ db, writeResult }: BenchRun): Promise<void> {
  let t: TestApp | undefined;
  let endpoint: Server | undefined;
  const env = { ODIN_ALLOWED_PRIVATE_HOSTS: "127.0.0.1,localhost", DETECTION_RETENTION_DAYS: "120" };
  try {
    t = await startBenchApp(db.url, env);
    await seedDemoData(t.prisma, { encryptSecret: t.secrets.encrypt });
    const agency = await t.prisma.agency.findFirstOrThrow({ where: { name: DEMO_AGENCIES[0]!.name } });
    const camera = DEMO_AGENCIES[0]!.axis[0]!;

    // The receiving endpoint: verifies each signature, notes the arrival by plate and delivery id.
    const secret = newWebhookSecret();
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    const byDelivery = new Map<string, number>();
    const byPlate = new Map<string, number>();
    let unsigned = 0;
    let allArrived: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (allArrived = resolve));
    endpoint = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const at = performance.now();
        response.writeHead(204).end();
        if (!verifyWebhookSignature(secret, request.headers["odin-signature"] as string | undefined, body)) {
          unsigned += 1;
          return;
        }
        const event = JSON.parse(body) as { id: string; alert: { plate: string } };
        byDelivery.set(event.id, (byDelivery.get(event.id) ?? 0) + 1);
        const times = (byPlate.get(event.alert.plate) ?? 0) + 1;
        byPlate.set(event.alert.plate, times);
        const left = sentAt.get(event.alert.plate);
        if (times === 1 && left !== undefined) latencies.push(at - left);
        if (byPlate.size === ALERTS) allArrived();
      });
    });
    const port = await new Promise<number>((resolve) =>
      endpoint!.listen(0, "127.0.0.1", () => {
        const address = endpoint!.address();
        resolve(typeof address === "object" && address ? address.port : 0);
      }),
    );

    const group = await t.prisma.hotlistGroup.create({
      data: {
        agencyId: agency.id,
        name: "Bench: delivery",
        plates: {
          createMany: {
            data: Array.from({ length: ALERTS }, (_, i) => ({
              plateNumber: plateOf(i),
              plateNormalized: plateOf(i),
              reason: "Bench",
            })),
          },
        },
      },
    });
    await t.prisma.alertWebhook.create({
      data: {
        agencyId: agency.id,
        name: "Bench CAD",
        url: `http://127.0.0.1:${port}/odin`,
        groupIds: [group.id],
        secretSealed: t.secrets.encrypt(secret),
      },
    });

    // The events, built before the clock starts.
    const dataset = createDataset({ now: Date.now(), axisReads: 5 });
    const events = await Promise.all(
      Array.from({ length: ALERTS }, async (_, i) => {
        const read = dataset.addRead("axis", {
          plate: "X",
          state: "CT",
          cameraKey: `axis:${camera.identifier}`,
        });
        return {
          plate: plateOf(i),
          body: JSON.stringify({ ...(await buildAxisEvent(read)), plateText: plateOf(i) }),
        };
      }),
    );
    log(`pushing ${ALERTS} alerting reads at ${RATE}/s${RESTART ? ", restarting the API halfway" : ""}`);
    const statuses: Record<string, number> = {};
    let restarting: Promise<void> | undefined;
    let restartMs = 0;
    let queuedAtRestart = 0;
    const restart = async () => {
      const began = performance.now();
      const old = t!;
      t = undefined;
      queuedAtRestart = await old.prisma.alertDelivery.count({
        where: { status: { in: ["pending", "sending"] } },
      });
      await old.close();
      t = await startBenchApp(db.url, env, { secrets: old.secrets });
      restartMs = performance.now() - began;
      log(
        `restarted the API in ${round(restartMs)} ms; ${queuedAtRestart} deliveries were queued or under way`,
      );
    };
    const started = performance.now();
    await Promise.all(
      events.map(async (event, i) => {
        const due = started + (i * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        sentAt.set(event.plate, performance.now());
        if (RESTART && i === Math.floor(ALERTS / 2)) restarting = restart();
        // A camera resends a push that was not answered (the app closing or not yet up).
        for (let tries = 0; ; tries++) {
          await restarting;
          try {
            const answer = await fetch(`${t!.baseUrl}/ingest/axis/${camera.identifier}`, {
              method: "POST",
              headers: { authorization: `Bearer ${camera.ingestToken}`, "content-type": "application/json" },
              body: event.body,
            });
            await answer.body?.cancel();
            if (answer.status >= 500 && RESTART && tries < 50) throw new Error(`HTTP ${answer.status}`);
            statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
            return;
          } catch (error) {
            if (!RESTART || tries >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      }),
    );
    await restarting;
    const pushSeconds = (performance.now() - started) / 1000;
    // Every webhook, or what came within 60 s of the last push.
    await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 60_000))]);

    const latency = summarize(latencies);
    const lost = ALERTS - byPlate.size;
    const duplicated = [...byPlate.values()].filter((times) => times > 1).length;
    const duplicateIds = [...byDelivery.values()].filter((times) => times > 1).length;
    const rows = await t.prisma.alertDelivery.groupBy({ by: ["status"], _count: true });
    log(
      `pushed in ${round(pushSeconds)} s (${round(ALERTS / pushSeconds)}/s); statuses ${JSON.stringify(statuses)}`,
    );
    log(`queue: ${JSON.stringify(rows.map((row) => [row.status, row._count]))}; unsigned ${unsigned}`);
    await writeResult({
      targets: [
        ...(RESTART
          ? []
          : [
              {
                name: `push → webhook received, p95 at ${RATE} alerts/s (${ALERTS} alerts)`,
                target: `≤ ${TARGET_P95_MS} ms`,
                measured: `${round(latency.p95)} ms`,
                met: latency.p95 <= TARGET_P95_MS && RATE >= 50,
              },
            ]),
        {
          name: RESTART
            ? "webhooks lost / received twice, the API restarted mid-run"
            : "webhooks lost / received twice",
          target: "0 / 0",
          measured: `${lost} / ${duplicated}`,
          met: lost === 0 && duplicated === 0 && duplicateIds === 0 && unsigned === 0,
        },
      ],
      alerts: ALERTS,
      rate: RATE,
      restart: RESTART ? { ms: round(restartMs), queuedAtRestart } : null,
      pushSeconds: round(pushSeconds),
      statuses,
      latency,
      queue: Object.fromEntries(rows.map((row) => [row.status, row._count])),
    });
  } finally {
    endpoint?.close();
    await t?.close();
  }
}

runBench("alert-delivery", main);
