/**
 * The vendor simulators of the federated bench, in a process of their own as real vendors are
 * elsewhere: startSimulators with the faults it is given, the time each vendor request really took
 * (request to answer sent, latency included), and the simulated Axis cameras' recent reads pushed to
 * Odin. Driven by IPC messages; not meant to be run by hand.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { buildAxisEvent, pushAxisEvents, startSimulators, type RunningSimulators } from "@odin/simulators";

export interface VendorSpan {
  vendor: "Rekor" | "Axon";
  path: string;
  ms: number;
}

export type SimulatorsMessage =
  | { type: "ready"; rekorUrl: string; axonUrl: string; sharedPlates: string[] }
  | { type: "fed"; stored: number; refused: number }
  | { type: "spans"; spans: VendorSpan[] }
  | { type: "error"; message: string };

export type SimulatorsRequest =
  | { type: "start"; latencyMs: number }
  | { type: "feed-axis"; odinUrl: string; tokens: Record<string, string>; sinceMs: number }
  | { type: "drain" }
  | { type: "exit" };

let sim: RunningSimulators | undefined;
let spans: VendorSpan[] = [];

const send = (message: SimulatorsMessage) => void process.send?.(message);

async function handle(message: SimulatorsRequest): Promise<void> {
  switch (message.type) {
    case "start": {
      sim = await startSimulators({
        rekorPort: 0,
        axonPort: 0,
        faults: { rekor: { latency_ms: message.latencyMs }, axon: { latency_ms: message.latencyMs } },
      });
      for (const [vendor, app] of [
        ["Rekor", sim.rekor],
        ["Axon", sim.axon],
      ] as const) {
        app.server.on("request", (request: IncomingMessage, response: ServerResponse) => {
          const path = request.url ?? "";
          if (path.startsWith("/__sim/")) return;
          const t0 = performance.now();
          response.on("finish", () =>
            spans.push({ vendor, path: path.split("?")[0]!, ms: performance.now() - t0 }),
          );
        });
      }
      return send({
        type: "ready",
        rekorUrl: sim.rekorUrl,
        axonUrl: sim.axonUrl,
        sharedPlates: sim.dataset.sharedPlates.map((shared) => shared.display),
      });
    }
    case "feed-axis": {
      let stored = 0;
      let refused = 0;
      for (const [identifier, token] of Object.entries(message.tokens)) {
        const reads = sim!.dataset
          .axis()
          .filter(
            (read) => read.camera.integration.identifier === identifier && read.capturedAt >= message.sinceMs,
          );
        const events = await Promise.all(reads.map((read) => buildAxisEvent(read)));
        const result = await pushAxisEvents(`${message.odinUrl}/ingest/axis/${identifier}`, token, events, {
          concurrency: 8,
        });
        stored += result.sent;
        refused += result.failed;
      }
      spans = [];
      return send({ type: "fed", stored, refused });
    }
    case "drain": {
      const drained = spans;
      spans = [];
      return send({ type: "spans", spans: drained });
    }
    case "exit":
      await sim?.close();
      process.exit(0);
  }
}

process.on("message", (message: SimulatorsRequest) => {
  handle(message).catch((error: unknown) => send({ type: "error", message: String(error) }));
});
