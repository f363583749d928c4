import type { TAxisIngestCredentials } from "@odin/contract";
import { buildAxisEvent, createDataset } from "@odin/simulators";
import type { TestApp } from "./helpers";
import { mintToken, type Persona } from "./tokens";

/** Calls the API as a persona (or with no token), through app.inject(). */
export function callAs(t: TestApp, subjects: Record<Persona, string>) {
  return async (persona: Persona | null, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: persona ? { authorization: `Bearer ${await mintToken(t, subjects[persona])}` } : {},
      ...(payload ? { payload } : {}),
    });
}

/** One dataset per test file, so every read it makes has its own camera event id. */
const dataset = createDataset();

/**
 * A RAVEN camera pushes one read to a push URL with a token, over real HTTP, as LPV does. The event is
 * built from a demo camera's read; Odin trusts the URL and token, not the event's camera fields.
 */
export async function pushRead(
  url: string,
  token: string,
  { plate = "RVN1234", capturedAt = Date.now() }: { plate?: string; capturedAt?: number } = {},
): Promise<Response> {
  const read = dataset.addRead("axis", { plate, state: "CT", capturedAt, cameraKey: "axis:hfd-lpv-01" });
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(await buildAxisEvent(read)),
  });
}

export type Credentials = TAxisIngestCredentials;
