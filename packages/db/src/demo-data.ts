/**
 * The demo agencies, credentials, cameras and plates as plain constants (no Prisma), shared by the
 * seed (seed.ts) and the vendor simulators (apps/simulators), so both sides always agree.
 * Every secret here is a visible demo value on purpose: production deployments do not use it.
 */
/** The one password of every demo user: 8+ characters, upper and lower case, a digit, a special. */
export const DEMO_PASSWORD = "Odin-demo-2026!";
export const DEMO_EMAIL_DOMAIN = "demo.odin.local";
export const DEMO_OWNER_USERNAME = "owner";
export const DEFAULT_SIMULATOR_URLS = {
  rekor: "http://127.0.0.1:4101",
  axon: "http://127.0.0.1:4102",
} as const;

export interface DemoCamera {
  cameraId: string;
  cameraName: string;
  siteName: string;
  latitude: number;
  longitude: number;
  /** A camera whose GPS is off, corrected by hand (shows camera management's purpose). */
  corrected?: { latitude: number; longitude: number };
}

export interface DemoAxisIntegration {
  identifier: string;
  label: string;
  latitude: number;
  longitude: number;
  ingestToken: string;
  /** Keys of other demo agencies allowed to search this integration. */
  sharedWith?: DemoAgencyKey[];
}

export interface DemoHotlistPlate {
  plateNumber: string;
  state: string;
  reason: string;
  notes?: string;
}

export type DemoAgencyKey = "hartford" | "newhaven" | "trooph";

export interface DemoAgency {
  key: DemoAgencyKey;
  name: string;
  /** Label of the people in this agency ("Hartford Investigator"). */
  shortName: string;
  /** The agency's short code; the same initials the migration gives an agency seeded before codes existed. */
  code: string;
  rekor: { apiKey: string; webhookToken: string; agentUid: string; cameras: DemoCamera[] };
  axis: DemoAxisIntegration[];
  hotlist: { name: string; description: string; plates: DemoHotlistPlate[] };
}

export const DEMO_AGENCIES: readonly DemoAgency[] = [
  {
    key: "hartford",
    name: "Hartford Police Department",
    shortName: "Hartford",
    code: "HPD",
    rekor: {
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
          corrected: { latitude: 41.7775, longitude: -72.698 },
        },
      ],
    },
    axis: [
      {
        identifier: "hfd-lpv-01",
        label: "Park St at Washington St",
        latitude: 41.7603,
        longitude: -72.6818,
        ingestToken: "odin-demo-axis-hfd-lpv-01",
      },
      {
        identifier: "hfd-lpv-02",
        label: "Franklin Ave",
        latitude: 41.744,
        longitude: -72.669,
        ingestToken: "odin-demo-axis-hfd-lpv-02",
      },
    ],
    hotlist: {
      name: "Hartford Stolen Vehicles",
      description: "Vehicles reported stolen in Hartford (demo data).",
      plates: [
        {
          plateNumber: "AK 47281",
          state: "CT",
          reason: "Stolen vehicle",
          notes: "Grey Honda Accord, reported 10/02",
        },
        { plateNumber: "KGL-4821", state: "NY", reason: "Wanted: robbery suspect vehicle" },
      ],
    },
  },
  {
    key: "newhaven",
    name: "New Haven Police Department",
    shortName: "New Haven",
    code: "NHPD",
    rekor: {
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
    axis: [
      {
        identifier: "nhv-lpv-01",
        label: "Long Wharf Dr",
        latitude: 41.296,
        longitude: -72.916,
        ingestToken: "odin-demo-axis-nhv-lpv-01",
      },
    ],
    hotlist: {
      name: "New Haven Watch List",
      description: "Plates of interest to New Haven investigators (demo data).",
      plates: [
        { plateNumber: "AD 31964", state: "CT", reason: "Stolen vehicle" },
        { plateNumber: "1MPV482", state: "MA", reason: "Missing person", notes: "Silver minivan" },
      ],
    },
  },
  {
    key: "trooph",
    name: "Connecticut State Police Troop H",
    shortName: "Troop H",
    code: "CSPTH",
    rekor: {
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
    axis: [
      // A state highway camera shared with the city it overlooks.
      {
        identifier: "csp-h-lpv-01",
        label: "I-84 WB at Exit 40",
        latitude: 41.768,
        longitude: -72.742,
        ingestToken: "odin-demo-axis-csp-h-lpv-01",
        sharedWith: ["hartford"],
      },
      {
        identifier: "csp-h-lpv-02",
        label: "Route 15 at Wethersfield",
        latitude: 41.7,
        longitude: -72.67,
        ingestToken: "odin-demo-axis-csp-h-lpv-02",
      },
    ],
    hotlist: {
      name: "Troop H BOLO",
      description: "Be-on-the-lookout plates for Troop H patrols (demo data).",
      plates: [
        { plateNumber: "CL 88310", state: "CT", reason: "Amber alert (demo)" },
        { plateNumber: "RTX702", state: "RI", reason: "Stolen plate" },
      ],
    },
  },
];

/**
 * One Axon integration (Hartford's), searchable by New Haven and blacklisted for Troop H, so both of
 * the Axon page's lists have an entry. The other agencies stay free to connect their own.
 */
export const DEMO_AXON = {
  agencyKey: "hartford" as DemoAgencyKey,
  clientId: "odin-demo-hartford",
  clientSecret: "odin-demo-axon-secret-hartford",
  partnerId: "hartford-pd-demo",
  authorized: ["newhaven"] as DemoAgencyKey[],
  blacklisted: ["trooph"] as DemoAgencyKey[],
};

/**
 * Issue 22: a convoy and a series planted in the simulators' reads on purpose, so the investigations
 * (travelling-with, seen at several places, area search) have something real to find in the demo and
 * the tests. Times are before the dataset's `now`; camera keys are the simulators' ("axis:hfd-lpv-01",
 * "rekor:{agent}:{cameraId}"). All are Hartford's cameras (its own Rekor agent and RAVEN integrations).
 */
export interface DemoSighting {
  cameraKey: string;
  secondsAgo: number;
}

const HOUR_S = 3600;

export const DEMO_CONVOY = {
  /** The vehicle under investigation and the one that follows it, `lagSeconds` behind, at every camera. */
  lead: { plate: "CVY4410", state: "CT" },
  companion: { plate: "CVY7720", state: "CT" },
  lagSeconds: 20,
  /** Passes the lead once only: never a companion at the default 3 cameras. */
  decoy: { plate: "DCY1180", state: "CT" },
  meetings: [
    { cameraKey: "axis:hfd-lpv-01", secondsAgo: 28 * HOUR_S },
    { cameraKey: "rekor:demo-agent-hartford:1101", secondsAgo: 28 * HOUR_S - 900 },
    { cameraKey: "axis:hfd-lpv-02", secondsAgo: 28 * HOUR_S - 1800 },
    { cameraKey: "rekor:demo-agent-hartford:1102", secondsAgo: 4 * HOUR_S },
    { cameraKey: "axis:hfd-lpv-01", secondsAgo: 4 * HOUR_S - 1200 },
  ] satisfies DemoSighting[],
} as const;

export const DEMO_SERIES = {
  /** Seen at three places on three days: the "series" a seen-at-several-places search finds. */
  plate: { plate: "SRS2291", state: "CT" },
  sightings: [
    { cameraKey: "rekor:demo-agent-hartford:1101", secondsAgo: 50 * HOUR_S },
    { cameraKey: "axis:hfd-lpv-02", secondsAgo: 26 * HOUR_S },
    { cameraKey: "rekor:demo-agent-hartford:1102", secondsAgo: 6 * HOUR_S },
  ] satisfies DemoSighting[],
} as const;

/** Every planted read: plate, state, camera and age in seconds. */
export function demoPlantedReads(): {
  plate: string;
  state: string;
  cameraKey: string;
  secondsAgo: number;
}[] {
  const { lead, companion, decoy, lagSeconds, meetings } = DEMO_CONVOY;
  return [
    ...meetings.flatMap((meeting) => [
      { ...lead, ...meeting },
      { ...companion, cameraKey: meeting.cameraKey, secondsAgo: meeting.secondsAgo - lagSeconds },
    ]),
    { ...decoy, cameraKey: meetings[0]!.cameraKey, secondsAgo: meetings[0]!.secondsAgo - 35 },
    ...DEMO_SERIES.sightings.map((sighting) => ({ ...DEMO_SERIES.plate, ...sighting })),
  ];
}
