import type { TAlert } from "@odin/contract";

/** An alert as the API sends it, for the alerts tests: a Rekor read in Hartford, timestamp in naive UTC. */
export function alertFixture(overrides: Partial<TAlert> = {}): TAlert {
  return {
    id: 11,
    plate: "7KQ2291",
    state: "CT",
    timestamp: "2025-01-15T14:03:09",
    camera: "Main St NB",
    agency: "Hartford PD",
    justification: "Stolen vehicle",
    image_url: "alerts/2025/01/11.jpg",
    source_program: "Rekor",
    axis_detection_id: null,
    axis_is_cloud: null,
    latitude: 41.7658,
    longitude: -72.6734,
    date_added: "2025-01-02T10:00:00.000Z",
    notes: "Blue sedan, dented rear bumper",
    ...overrides,
  };
}
