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
 *   pnpm --filter @odin/api bench alert-delivery
 *   BENCH_DELIVERY_ALERTS=1500 BENCH_DELIVERY_RATE=50 …   (full size: 30 s at 50/s)
 *   BENCH_DELIVERY_ALERTS=100 …                           (a small run)
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
const TARGET_P95_MS = 1000;
const plateOf = (index: number) => `BD${String(index).padStart(5, "0")}`;

async function main({ db, writeResult }: BenchRun): Promise<void> {
  let t: TestApp | undefined;
  let endpoint: Server | undefined;
  try {
    t = await startBenchApp(db.url, {
      ODIN_ALLOWED_PRIVATE_HOSTS: "127.0.0.1,localhost",
      DETECTION_RETENTION_DAYS: "120",
    });
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
    log(`pushing ${ALERTS} alerting reads at ${RATE}/s`);
    const statuses: Record<string, number> = {};
    const started = performance.now();
    await Promise.all(
      events.map(async (event, i) => {
        const due = started + (i * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        sentAt.set(event.plate, performance.now());
        const answer = await fetch(`${t!.baseUrl}/ingest/axis/${camera.identifier}`, {
          method: "POST",
          headers: { authorization: `Bearer ${camera.ingestToken}`, "content-type": "application/json" },
          body: event.body,
        });
        await answer.body?.cancel();
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      }),
    );
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
        {
          name: `push → webhook received, p95 at ${RATE} alerts/s (${ALERTS} alerts)`,
          target: `≤ ${TARGET_P95_MS} ms`,
          measured: `${round(latency.p95)} ms`,
          met: latency.p95 <= TARGET_P95_MS && RATE >= 50,
        },
        {
          name: "webhooks lost / received twice",
          target: "0 / 0",
          measured: `${lost} / ${duplicated}`,
          met: lost === 0 && duplicated === 0 && duplicateIds === 0 && unsigned === 0,
        },
      ],
      alerts: ALERTS,
      rate: RATE,
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
