/**
 * The demo credentials and places the simulators must accept, derived from the seed's constants
 * (@odin/db/demo-data: plain data, no Prisma), so the simulators and the seeded database always agree.
 */
import { DEFAULT_SIMULATOR_URLS, DEMO_AGENCIES, DEMO_AXON } from "@odin/db/demo-data";

export interface DemoRekorCamera {
  cameraId: string;
  cameraName: string;
  siteName: string;
  /** What the camera itself reports; the seed may hold a hand correction that Odin applies. */
  latitude: number;
  longitude: number;
}

export interface DemoRekorAgent {
  agencyKey: string;
  agencyName: string;
  apiKey: string;
  webhookToken: string;
  agentUid: string;
  cameras: readonly DemoRekorCamera[];
}

export interface DemoAxisIntegration {
  agencyKey: string;
  identifier: string;
  label: string;
  latitude: number;
  longitude: number;
  ingestToken: string;
}

export const DEMO_SIMULATOR_URLS = DEFAULT_SIMULATOR_URLS;

export const DEMO_REKOR_AGENTS: readonly DemoRekorAgent[] = DEMO_AGENCIES.map((agency) => ({
  agencyKey: agency.key,
  agencyName: agency.name,
  apiKey: agency.rekor.apiKey,
  webhookToken: agency.rekor.webhookToken,
  agentUid: agency.rekor.agentUid,
  // What the camera itself reports; the seed's hand corrections are Odin's, not the vendor's.
  cameras: agency.rekor.cameras.map(({ cameraId, cameraName, siteName, latitude, longitude }) => ({
    cameraId,
    cameraName,
    siteName,
    latitude,
    longitude,
  })),
}));

export const DEMO_AXIS_INTEGRATIONS: readonly DemoAxisIntegration[] = DEMO_AGENCIES.flatMap((agency) =>
  agency.axis.map(({ identifier, label, latitude, longitude, ingestToken }) => ({
    agencyKey: agency.key,
    identifier,
    label,
    latitude,
    longitude,
    ingestToken,
  })),
);

/** The one demo Axon API client (Hartford's). */
export const DEMO_AXON_CLIENT = {
  agencyKey: DEMO_AXON.agencyKey,
  clientId: DEMO_AXON.clientId,
  clientSecret: DEMO_AXON.clientSecret,
  partnerId: DEMO_AXON.partnerId,
} as const;

/**
 * The demo hotlists' plates, as printed. The simulators read them at every vendor so that the demo
 * raises alerts and a search for them finds all three sources.
 */
export const DEMO_HOTLIST_PLATES: readonly { plate: string; state: string }[] = DEMO_AGENCIES.flatMap(
  (agency) => agency.hotlist.plates.map(({ plateNumber, state }) => ({ plate: plateNumber, state })),
);
