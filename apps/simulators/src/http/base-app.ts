import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { FaultController, registerFaults, type FaultSettings } from "../faults";

export interface SimulatorAppOptions {
  /** Faults in force from the start; they can be changed at runtime through /__sim/faults. */
  faults?: Partial<FaultSettings> | FaultController;
  logger?: FastifyServerOptions["logger"];
}

/** A Fastify app with what every simulator shares: fault injection, and close() that never waits. */
export function createSimulatorApp(options: SimulatorAppOptions): {
  app: FastifyInstance;
  faults: FaultController;
} {
  const app = Fastify({
    logger: options.logger ?? false,
    // Hung requests and keep-alive sockets must not hold close() open.
    forceCloseConnections: true,
  });
  const faults =
    options.faults instanceof FaultController ? options.faults : new FaultController(options.faults ?? {});
  registerFaults(app, faults);
  return { app, faults };
}

/**
 * Reads an ISO 8601 instant the way the simulated vendors take `start`/`end`. A value without a zone
 * designator ("2026-11-01T08:00:00", as some Rekor clients send) is taken as UTC. Undefined when
 * absent; null when present but not a date.
 */
export function parseInstant(value: unknown): number | undefined | null {
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string") return null;
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value);
  const withZone = /^\d{4}-\d{2}-\d{2}T/.test(value) && !hasZone ? `${value}Z` : value;
  if (!/^\d{4}-\d{2}-\d{2}/.test(withZone)) return null;
  const time = Date.parse(withZone);
  return Number.isNaN(time) ? null : time;
}

/** A non-negative integer query parameter; undefined when absent, null when malformed. */
export function parseCount(value: unknown): number | undefined | null {
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return null;
  return Number(value);
}
