import type { Logger } from "../lib/logger";
import { findAxonIntegrationIds } from "../modules/integrations/axon-integration.repository";
import { pollAxonIntegration } from "../modules/ingest/axon-poll";
import type { SourceDeps } from "../sources/detection-source";
import type { JobDefinition } from "./scheduler";

export interface AxonPollerOptions {
  deps: SourceDeps;
  /** Time between polls (AXON_POLL_INTERVAL_MS); the caller leaves the job out when it is 0. */
  intervalMs: number;
  log: Logger;
}

/**
 * Axon has no push: every `intervalMs` each Axon integration's new reads are fetched and matched
 * against the hotlists (modules/ingest/axon-poll.ts). One replica polls per interval (the scheduler's
 * claim); integrations are polled one after another, each on its own, so one that fails (bad
 * credentials, a vendor down) is logged and the others still run.
 */
export function axonPollingJob({ deps, intervalMs, log }: AxonPollerOptions): JobDefinition {
  return {
    name: "axon-poll",
    intervalMs,
    async run(signal) {
      const integrations = await findAxonIntegrationIds(deps.prisma);
      let alerts = 0;
      for (const id of integrations) {
        if (signal.aborted) break;
        try {
          // Half an interval: a poll of this integration just made (a manual one, or a replica whose
          // lease lapsed) is not repeated.
          const result = await pollAxonIntegration(deps, id, { minGapMs: intervalMs / 2 });
          alerts += result?.alerts ?? 0;
        } catch (error) {
          log.warn(
            { err: error, integrationId: id },
            "an Axon integration could not be polled; it will be again",
          );
        }
      }
      return alerts > 0 ? { alerts } : undefined;
    },
  };
}
