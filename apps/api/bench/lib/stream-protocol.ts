/** Messages between the matcher bench and its connected alert client (alert-stream-client.ts). */

export type ToStreamClient =
  | { type: "connect"; baseUrl: string; token: string }
  /** Resolves once `count` alerts arrived since the last collect, or after `timeoutMs`. */
  | { type: "collect"; count: number; timeoutMs: number }
  | { type: "exit" };

export type FromStreamClient =
  | { type: "connected" }
  /** Alerts received since the last collect, and the first arrival time of each plate (epoch ms). */
  | { type: "collected"; received: number; arrivals: [plate: string, at: number][] }
  | { type: "error"; message: string };
