import type { FastifyBaseLogger } from "fastify";
import { pollAxonIntegration } from "../sources/axon/axon.poll";
import type { SourceDeps } from "../sources/detection-source";

export interface AxonPollerOptions {
  deps: SourceDeps;
  /** 0 turns polling off. */
  intervalMs: number;
  log: FastifyBaseLogger;
}

/**
 * Axon has no push: every `intervalMs` each Axon integration's new reads are fetched and matched
 * against the hotlists (sources/axon/axon.poll.ts). Integrations are polled one after another, each on
 * its own, so one that fails (bad credentials, a vendor down) is logged and the others still run; a
 * round that outlasts the interval is not started twice. Polls now and then every interval; answers a
 * stop function.
 */
export function scheduleAxonPolling({ deps, intervalMs, log }: AxonPollerOptions): () => void {
  if (intervalMs <= 0) return () => undefined;
  let running = false;
  let stopped = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const integrations = await deps.prisma.axonIntegration.findMany({
        select: { id: true },
        orderBy: { id: "asc" },
      });
      for (const { id } of integrations) {
        if (stopped) break;
        try {
          // Half an interval: another API process that just polled this integration is not repeated.
          const result = await pollAxonIntegration(deps, id, { minGapMs: intervalMs / 2 });
          if (result?.alerts) log.info(result, "Axon poll raised alerts");
        } catch (error) {
          log.warn(
            { err: error, integrationId: id },
            "an Axon integration could not be polled; it will be again",
          );
        }
      }
    } catch (error) {
      log.error({ err: error }, "the Axon poll could not list integrations; it will run again");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  void run();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
