/**
 * The Axis cameras of the axis-ingest bench, in a process of their own (so the client never shares
 * the server's event loop): LPV events without pictures, built from the simulators' dataset, pushed
 * one per request over keep-alive HTTP with a fixed number in flight. Driven by IPC messages
 * (lib/ingest-protocol.ts); not meant to be run by hand.
 */
import http from "node:http";
import https from "node:https";
import { buildAxisEvent, createDataset, type AxisLpvEvent } from "@odin/simulators";
import { summarize } from "./lib/harness";
import type { FromClient, PrepareMessage, PushedMessage, ToClient } from "./lib/ingest-protocol";

interface Prepared {
  path: string;
  token: string;
  identifier: string;
  /** The JSON body, serialised once beforehand: the client should spend its time on HTTP. */
  body: Buffer;
}

let settings: PrepareMessage | undefined;
let runs: Prepared[][] = [];
let agent: http.Agent | undefined;
/** An https base URL (nginx with TLS, bench/ingest-nginx.ts) is spoken to over TLS, trusting `ca`. */
let tlsAgent: https.Agent | undefined;

function send(message: FromClient): void {
  process.send?.(message);
}

async function prepare(message: PrepareMessage): Promise<void> {
  settings = message;
  const started = performance.now();
  const total = message.eventsPerRun * message.runs;
  const reads = createDataset({ now: message.now, axisReads: total }).axis();
  const tokens = new Map(
    message.integrations.map((integration) => [integration.identifier, integration.token]),
  );
  const seen = new Set<string>();
  const events: { identifier: string; event: AxisLpvEvent }[] = [];
  for (let index = 0; events.length < total; index++) {
    const read = reads[index % reads.length]!;
    const event = await buildAxisEvent(read);
    // More events than reads: later rounds are the same reads under other car ids.
    const round = Math.floor(index / reads.length);
    if (round > 0) event.carID = String(Number(event.carID) + round * 10_000_000);
    const identifier = event.sensorProviderID;
    const key = `${identifier}:${event.camera_info.SerialNumber}:${event.carID}:${event.capture_timestamp}`;
    if (seen.has(key) || !tokens.has(identifier)) continue;
    seen.add(key);
    events.push({ identifier, event });
  }
  // The dataset's order (newest first): the five integrations interleave as in real traffic.
  runs = Array.from({ length: message.runs }, (_, run) =>
    events
      .slice(run * message.eventsPerRun, (run + 1) * message.eventsPerRun)
      .map(({ identifier, event }) => ({
        identifier,
        token: tokens.get(identifier)!,
        path: `/ingest/axis/${encodeURIComponent(identifier)}`,
        body: Buffer.from(JSON.stringify(event)),
      })),
  );
  agent = new http.Agent({ keepAlive: true, maxSockets: message.concurrency });
  tlsAgent = new https.Agent({
    keepAlive: true,
    maxSockets: message.concurrency,
    ...(message.ca ? { ca: message.ca } : {}),
  });
  const perIntegration: Record<string, number[]> = {};
  runs.forEach((batch, run) => {
    for (const item of batch) {
      perIntegration[item.identifier] ??= Array<number>(message.runs).fill(0);
      perIntegration[item.identifier]![run]! += 1;
    }
  });
  send({ type: "ready", events: events.length, generateMs: performance.now() - started, perIntegration });
}

function post(item: Prepared, baseUrl: string): Promise<{ status: number; body: string }> {
  const url = new URL(baseUrl);
  const tls = url.protocol === "https:";
  return new Promise((resolve) => {
    const request = (tls ? https : http).request(
      {
        agent: tls ? tlsAgent : agent,
        host: url.hostname,
        port: url.port,
        method: "POST",
        path: item.path,
        headers: {
          "content-type": "application/json",
          "content-length": item.body.length,
          authorization: `Bearer ${item.token}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", (error) => resolve({ status: 0, body: String(error) }));
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error("no answer within 30 s")));
    request.on("error", (error) => resolve({ status: 0, body: String(error) }));
    request.end(item.body);
  });
}

async function push(
  label: string,
  batch: readonly Prepared[],
  baseUrls: readonly string[] = [settings!.baseUrl],
): Promise<PushedMessage> {
  const statuses: Record<string, number> = {};
  const answers: Record<string, number> = {};
  const perIntegration: Record<string, number> = {};
  const latencies: number[] = [];
  let firstError: string | undefined;
  let next = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const worker = async () => {
    while (next < batch.length) {
      const index = next++;
      const item = batch[index]!;
      const t0 = performance.now();
      const { status, body } = await post(item, baseUrls[index % baseUrls.length]!);
      latencies.push(performance.now() - t0);
      statuses[status] = (statuses[status] ?? 0) + 1;
      let answer = "unreadable";
      try {
        const parsed = JSON.parse(body) as { status?: string; error?: { code?: string } };
        answer = parsed.status ?? parsed.error?.code ?? "none";
      } catch {
        // counted as unreadable
      }
      answers[answer] = (answers[answer] ?? 0) + 1;
      if (status === 200 || status === 201)
        perIntegration[item.identifier] = (perIntegration[item.identifier] ?? 0) + 1;
      else firstError ??= `${status} ${body.slice(0, 300)}`;
    }
  };
  await Promise.all(Array.from({ length: settings!.concurrency }, worker));
  const elapsedMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return {
    type: "pushed",
    label,
    events: batch.length,
    elapsedMs,
    statuses,
    answers,
    perIntegration,
    latency: summarize(latencies),
    clientCpuMs: (used.user + used.system) / 1000,
    ...(firstError ? { firstError } : {}),
  };
}

process.on("message", (message: ToClient) => {
  const handle = async () => {
    switch (message.type) {
      case "prepare":
        return prepare(message);
      case "push":
        return send(
          await push(
            `run ${message.run + 1}`,
            runs[message.run]!.slice(0, message.count),
            message.baseUrls ?? (message.baseUrl ? [message.baseUrl] : undefined),
          ),
        );
      case "repush":
        return send(await push("repeat", runs[0]!.slice(0, message.count)));
      case "exit":
        agent?.destroy();
        tlsAgent?.destroy();
        process.exit(0);
    }
  };
  handle().catch((error: unknown) => send({ type: "error", message: String(error) }));
});
