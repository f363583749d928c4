/**
 * The demo credentials and places the simulators must accept, copied from packages/db/src/seed.ts
 * (DEMO_AGENCIES, DEMO_AXON, DEFAULT_SIMULATOR_URLS). They are copied, not imported, because @odin/db
 * pulls Prisma; test/demo-credentials.test.ts fails if this copy drifts from the seed.
 */

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

export const DEMO_SIMULATOR_URLS = {
  rekor: "http://127.0.0.1:4101",
  axon: "http://127.0.0.1:4102",
} as const;

export const DEMO_REKOR_AGENTS: readonly DemoRekorAgent[] = [
  {
    agencyKey: "hartford",
    agencyName: "Hartford Police Department",
    apiKey: "odin-demo-rekor-hartford",
    webhookToken: "odin-demo-rekor-webhook-hartford",
    agentUid: "demo-agent-hartford",
    cameras: [
      {
        cameraId: "1101",
        cameraName: "Main St at Pratt St",
        siteName: "Downtown Hartford",
        latitude: 41.7658,
        longitude: -72.6734,
      },
      {
        cameraId: "1102",
        cameraName: "Albany Ave at Woodland St",
        siteName: "North End",
        latitude: 41.781,
        longitude: -72.7045,
      },
    ],
  },
  {
    agencyKey: "newhaven",
    agencyName: "New Haven Police Department",
    apiKey: "odin-demo-rekor-newhaven",
    webhookToken: "odin-demo-rekor-webhook-newhaven",
    agentUid: "demo-agent-newhaven",
    cameras: [
      {
        cameraId: "2101",
        cameraName: "Chapel St at College St",
        siteName: "Downtown New Haven",
        latitude: 41.307,
        longitude: -72.9295,
      },
      {
        cameraId: "2102",
        cameraName: "Whalley Ave at Fitch St",
        siteName: "Westville",
        latitude: 41.3245,
        longitude: -72.96,
      },
    ],
  },
  {
    agencyKey: "trooph",
    agencyName: "Connecticut State Police Troop H",
    apiKey: "odin-demo-rekor-trooph",
    webhookToken: "odin-demo-rekor-webhook-trooph",
    agentUid: "demo-agent-trooph",
    cameras: [
      {
        cameraId: "3101",
        cameraName: "I-91 NB at Wethersfield",
        siteName: "I-91 corridor",
        latitude: 41.714,
        longitude: -72.652,
      },
      {
        cameraId: "3102",
        cameraName: "Route 2 EB at Glastonbury",
        siteName: "Route 2 corridor",
        latitude: 41.723,
        longitude: -72.58,
      },
    ],
  },
];

export const DEMO_AXIS_INTEGRATIONS: readonly DemoAxisIntegration[] = [
  {
    agencyKey: "hartford",
    identifier: "hfd-lpv-01",
    label: "Park St at Washington St",
    latitude: 41.7603,
    longitude: -72.6818,
    ingestToken: "odin-demo-axis-hfd-lpv-01",
  },
  {
    agencyKey: "hartford",
    identifier: "hfd-lpv-02",
    label: "Franklin Ave",
    latitude: 41.744,
    longitude: -72.669,
    ingestToken: "odin-demo-axis-hfd-lpv-02",
  },
  {
    agencyKey: "newhaven",
    identifier: "nhv-lpv-01",
    label: "Long Wharf Dr",
    latitude: 41.296,
    longitude: -72.916,
    ingestToken: "odin-demo-axis-nhv-lpv-01",
  },
  {
    agencyKey: "trooph",
    identifier: "csp-h-lpv-01",
    label: "I-84 WB at Exit 40",
    latitude: 41.768,
    longitude: -72.742,
    ingestToken: "odin-demo-axis-csp-h-lpv-01",
  },
  {
    agencyKey: "trooph",
    identifier: "csp-h-lpv-02",
    label: "Route 15 at Wethersfield",
    latitude: 41.7,
    longitude: -72.67,
    ingestToken: "odin-demo-axis-csp-h-lpv-02",
  },
];

/** The one demo Axon API client (Hartford's). */
export const DEMO_AXON_CLIENT = {
  agencyKey: "hartford",
  clientId: "odin-demo-hartford",
  clientSecret: "odin-demo-axon-secret-hartford",
  partnerId: "hartford-pd-demo",
} as const;

/**
 * The demo hotlists' plates (seed: DEMO_AGENCIES[].hotlist.plates), as printed. The simulators read them
 * at every vendor so that the demo raises alerts and a search for them finds all three sources.
 */
export const DEMO_HOTLIST_PLATES: readonly { plate: string; state: string }[] = [
  { plate: "AK 47281", state: "CT" },
  { plate: "KGL-4821", state: "NY" },
  { plate: "AD 31964", state: "CT" },
  { plate: "1MPV482", state: "MA" },
  { plate: "CL 88310", state: "CT" },
  { plate: "RTX702", state: "RI" },
];
