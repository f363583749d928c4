/** Messages between the axis-ingest bench (the server's process) and its client process. */
import type { LatencySummary } from "./harness";

export interface PrepareMessage {
  type: "prepare";
  baseUrl: string;
  /** The end of the simulated history (the reads' capture times lie in the 90 days before). */
  now: number;
  eventsPerRun: number;
  /** Slices of eventsPerRun distinct events; the bench adds one for an optional profiling pass. */
  runs: number;
  concurrency: number;
  integrations: { identifier: string; token: string }[];
  /** The certificate to trust when a base URL is https (nginx with a throwaway certificate). */
  ca?: string;
}

export interface PushMessage {
  type: "push";
  run: number;
  /** Only the first `count` events of the run. */
  count?: number;
  /** Another server than the prepared one (the bench's bare-HTTP calibration). */
  baseUrl?: string;
  /** Several servers (replicas behind a balancer): request i goes to baseUrls[i % length]. */
  baseUrls?: string[];
}

/** Pushes the first `count` events of run 0 again: each must be answered 200 "duplicate". */
export interface RepushMessage {
  type: "repush";
  count: number;
}

export type ToClient = PrepareMessage | PushMessage | RepushMessage | { type: "exit" };

export interface ReadyMessage {
  type: "ready";
  events: number;
  generateMs: number;
  perIntegration: Record<string, number[]>;
}

export interface PushedMessage {
  type: "pushed";
  label: string;
  events: number;
  elapsedMs: number;
  /** HTTP status → requests; 0 when the request itself failed. */
  statuses: Record<string, number>;
  /** The answers' `status` field ("stored", "duplicate") → requests. */
  answers: Record<string, number>;
  perIntegration: Record<string, number>;
  latency: LatencySummary;
  /** The client process's own CPU time during the push. */
  clientCpuMs: number;
  firstError?: string;
}

export type FromClient = ReadyMessage | PushedMessage | { type: "error"; message: string };
