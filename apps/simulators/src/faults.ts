import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** How a simulator misbehaves, so Odin's per-source timeouts and error handling can be tested. */
export interface FaultSettings {
  /** Added before every answer. */
  latency_ms: number;
  /** Share of requests answered 503, 0..1. */
  fail_rate: number;
  /** Hold every request unanswered until the faults are reset (or set with hang false). */
  hang: boolean;
}

export const NO_FAULTS: Readonly<FaultSettings> = { latency_ms: 0, fail_rate: 0, hang: false };

/** Control routes live under this prefix and are never subject to the faults themselves. */
export const FAULTS_PATH = "/__sim/faults";

export class FaultController {
  private settings: FaultSettings;
  private hung: (() => void)[] = [];

  constructor(
    initial: Partial<FaultSettings> = {},
    private readonly random: () => number = Math.random,
  ) {
    this.settings = { ...NO_FAULTS, ...initial };
  }

  get current(): Readonly<FaultSettings> {
    return this.settings;
  }

  set(changes: Partial<FaultSettings>): void {
    this.settings = { ...this.settings, ...changes };
    if (!this.settings.hang) this.releaseHung();
  }

  reset(): void {
    this.set(NO_FAULTS);
  }

  /** Lets every held request go on (they answer normally, if their client still listens). */
  releaseHung(): void {
    const waiting = this.hung;
    this.hung = [];
    for (const release of waiting) release();
  }

  /** Applies the faults to one request: resolves to true when the request was answered with a 503. */
  async apply(reply: FastifyReply): Promise<boolean> {
    if (this.settings.hang) await new Promise<void>((resolve) => this.hung.push(resolve));
    const { latency_ms: latency, fail_rate: failRate } = this.settings;
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    if (failRate > 0 && this.random() < failRate) {
      void reply.code(503).send({ error: "service_unavailable", message: "Simulated failure" });
      return true;
    }
    return false;
  }
}

/**
 * Installs the faults on an app: a hook on every request outside /__sim, and the control routes
 * POST /__sim/faults (JSON: any of latency_ms, fail_rate, hang), GET and DELETE (reset).
 */
export function registerFaults(app: FastifyInstance, faults: FaultController): void {
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith("/__sim/")) return;
    // An async hook that has answered must return the reply so that Fastify stops there.
    if (await faults.apply(reply)) return reply;
  });
  // A hung request must not keep close() waiting.
  app.addHook("onClose", async () => faults.releaseHung());

  app.get(FAULTS_PATH, async () => faults.current);
  app.delete(FAULTS_PATH, async () => {
    faults.reset();
    return faults.current;
  });
  app.post(FAULTS_PATH, async (request, reply) => {
    const parsed = parseFaults(request.body);
    if (typeof parsed === "string") return reply.code(400).send({ error: "invalid_faults", message: parsed });
    faults.set(parsed);
    return faults.current;
  });
}

function parseFaults(body: unknown): Partial<FaultSettings> | string {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "Send a JSON object";
  const input = body as Record<string, unknown>;
  const out: Partial<FaultSettings> = {};
  for (const key of Object.keys(input)) {
    if (!(key in NO_FAULTS)) return `Unknown setting ${key}`;
  }
  if (input.latency_ms !== undefined) {
    if (typeof input.latency_ms !== "number" || !(input.latency_ms >= 0 && input.latency_ms <= 600_000))
      return "latency_ms must be a number of milliseconds between 0 and 600000";
    out.latency_ms = input.latency_ms;
  }
  if (input.fail_rate !== undefined) {
    if (typeof input.fail_rate !== "number" || !(input.fail_rate >= 0 && input.fail_rate <= 1))
      return "fail_rate must be a number between 0 and 1";
    out.fail_rate = input.fail_rate;
  }
  if (input.hang !== undefined) {
    if (typeof input.hang !== "boolean") return "hang must be a boolean";
    out.hang = input.hang;
  }
  return out;
}
