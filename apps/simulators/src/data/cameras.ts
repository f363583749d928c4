import {
  DEMO_AXIS_INTEGRATIONS,
  DEMO_REKOR_AGENTS,
  type DemoAxisIntegration,
  type DemoRekorAgent,
} from "../demo-credentials";
import { hashSeed, Rng } from "./prng";

/** Where every simulated camera stands: Connecticut (the results map centres at about 41.5, -72.7). */
export const CT_BOUNDS = { minLat: 41.0, maxLat: 42.05, minLon: -73.7, maxLon: -71.8 } as const;

interface CameraBase {
  /** Unique among all simulated cameras. */
  key: string;
  name: string;
  latitude: number;
  longitude: number;
  /** Image size in pixels. */
  width: number;
  height: number;
  /** Compass heading of the traffic lane the camera watches. */
  heading: number;
}

export interface RekorCamera extends CameraBase {
  vendor: "rekor";
  agent: DemoRekorAgent;
  cameraId: number;
  siteName: string;
  /** Rekor's own database keys: the camera row, the site and the company. */
  pk: number;
  siteId: number;
  companyId: number;
}

/** An Axon Fleet in-car camera: it patrols, so each read has its own position near the unit's beat. */
export interface AxonCamera extends CameraBase {
  vendor: "axon";
  serial: string;
  roamDegrees: number;
}

export interface AxisCamera extends CameraBase {
  vendor: "axis";
  integration: DemoAxisIntegration;
  serial: string;
  mac: string;
  product: string;
}

export type SimCamera = RekorCamera | AxonCamera | AxisCamera;

// City cameras stream 720p; highway cameras and the Axis LPV cameras 1080p.
const HD = { width: 1280, height: 720 } as const;
const FULL_HD = { width: 1920, height: 1080 } as const;

export const REKOR_CAMERAS: readonly RekorCamera[] = DEMO_REKOR_AGENTS.flatMap((agent, agentIndex) =>
  agent.cameras.map((camera, cameraIndex): RekorCamera => {
    const highway = agent.agencyKey === "trooph";
    return {
      vendor: "rekor",
      key: `rekor:${agent.agentUid}:${camera.cameraId}`,
      name: camera.cameraName,
      latitude: camera.latitude,
      longitude: camera.longitude,
      ...(highway ? FULL_HD : HD),
      heading: hashSeed(camera.cameraId) % 360,
      agent,
      cameraId: Number(camera.cameraId),
      siteName: camera.siteName,
      pk: 48_000 + agentIndex * 100 + cameraIndex,
      siteId: 9_100 + agentIndex * 10 + cameraIndex,
      companyId: 7_000 + agentIndex,
    };
  }),
);

/** Hartford's Axon partner: six patrol units, each with a beat in the city. */
const AXON_UNITS = [
  ["Unit 101 (Downtown)", 41.7637, -72.6851],
  ["Unit 114 (Asylum Hill)", 41.7712, -72.7],
  ["Unit 122 (South End)", 41.7345, -72.688],
  ["Unit 131 (Frog Hollow)", 41.756, -72.692],
  ["Unit 145 (Blue Hills)", 41.796, -72.713],
  ["Unit 158 (Parkville)", 41.757, -72.71],
] as const;

export const AXON_CAMERAS: readonly AxonCamera[] = AXON_UNITS.map(([unit, latitude, longitude]) => {
  const rng = Rng.for("axon-unit", unit);
  return {
    vendor: "axon",
    key: `axon:${unit}`,
    serial: `X6${rng.hex(7).toUpperCase()}`,
    name: `Fleet 3 ${unit}`,
    latitude,
    longitude,
    ...HD,
    heading: rng.int(0, 359),
    roamDegrees: 0.012,
  };
});

export const AXIS_CAMERAS: readonly AxisCamera[] = DEMO_AXIS_INTEGRATIONS.map((integration) => {
  const rng = Rng.for("axis-camera", integration.identifier);
  // Axis's registered MAC prefix; the serial number is the MAC without separators.
  const serial = `B8A44F${rng.hex(6).toUpperCase()}`;
  return {
    vendor: "axis",
    key: `axis:${integration.identifier}`,
    name: integration.label,
    latitude: integration.latitude,
    longitude: integration.longitude,
    ...FULL_HD,
    heading: rng.int(0, 359),
    integration,
    serial,
    mac: serial.match(/../g)?.join(":") ?? serial,
    product: rng.pick(["AXIS Q1700-LE", "AXIS P1465-LE-3", "AXIS Q1800-LE-3"]),
  };
});

export function clampToConnecticut(latitude: number, longitude: number): [number, number] {
  const lat = Math.min(CT_BOUNDS.maxLat, Math.max(CT_BOUNDS.minLat, latitude));
  const lon = Math.min(CT_BOUNDS.maxLon, Math.max(CT_BOUNDS.minLon, longitude));
  return [lat, lon];
}
