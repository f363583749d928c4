/**
 * Issue 38: examples of a few calls, for the OpenAPI document (GET /openapi.json) and an integrator's
 * first request. Keyed like the access table ("METHOD /path"); each is parsed by its call's own schemas
 * in test/examples.test.ts, so an example can never teach a shape the server refuses.
 */
export interface EndpointExample {
  /** A request body the call accepts. */
  readonly request?: unknown;
  /** A 200 answer of the call. */
  readonly response?: unknown;
}

export const ENDPOINT_EXAMPLES: Readonly<Record<string, EndpointExample>> = {
  "GET /healthz": { response: { status: "ok", database: "ok" } },
  "POST /search-data": {
    request: {
      plate: "abc1234",
      match: "exact",
      justification: "Stolen vehicle report",
      case_number: "24-001234",
      offense_category: "Motor vehicle theft",
      start_time: "2026-11-01T00:00:00.000Z",
      end_time: "2026-11-08T00:00:00.000Z",
      agencies: [],
      filters: { top_rack: false, back_rack: false, bumper_stickers: false, window_stickers: false },
    },
  },
  "POST /api/admin/webhooks": {
    request: { name: "CAD dispatch", url: "https://cad.example.gov/odin-alerts", group_ids: [] },
  },
};
