import type { TAxisLpvEvent } from "@odin/contract";
import { normalizePlate } from "../plate-pattern";
import { COLOR_WORDS, titleCase } from "../vehicle-vocabulary";

/** The columns of one `detections` row that come from an LPV event (images are stored separately). */
export interface AxisDetectionFields {
  vendorEventId: string;
  plate: string;
  plateNormalized: string;
  plateState: string | null;
  make: string | null;
  color: string | null;
  bodyType: string | null;
  cameraName: string | null;
  timestamp: Date;
  latitude: number | null;
  longitude: number | null;
  confidence: number | null;
  direction: string | null;
  plateX1: number | null;
  plateX2: number | null;
  plateX3: number | null;
  plateX4: number | null;
  plateY1: number | null;
  plateY2: number | null;
  plateY3: number | null;
  plateY4: number | null;
}

/** What the integration contributes when the event lacks it. */
export interface AxisIntegrationDefaults {
  label: string | null;
  latitude: number | null;
  longitude: number | null;
}

const BODY_TYPES: Record<string, string> = {
  car: "sedan-standard",
  sedan: "sedan-standard",
  suv: "SUV",
  pickup: "truck-standard",
  truck: "tractor-trailer",
  bus: "tractor-trailer",
  van: "van-full",
  motorcycle: "Motorcycle",
  motorbike: "Motorcycle",
};

/** A usable position: inside the globe and not the (0,0) or (-1,-1) that cameras send for "no fix". */
export function validPosition(lat: number | undefined, lon: number | undefined): boolean {
  if (lat === undefined || lon === undefined || !Number.isFinite(lat) || !Number.isFinite(lon)) return false;
  if (Math.abs(lat) >= 90 || Math.abs(lon) >= 180) return false;
  return !(lat === 0 && lon === 0) && !(lat === -1 && lon === -1);
}

/**
 * LPV event → detection columns. Pure. The idempotency key is the camera's serial number, its car id
 * and the capture time: a repeated push of one read carries all three unchanged.
 */
export function mapAxisEvent(
  event: TAxisLpvEvent,
  integration: AxisIntegrationDefaults,
): AxisDetectionFields {
  const plate = event.plateText.trim();
  const region = event.plateRegion?.trim().toUpperCase();
  const vehicle = event.vehicle_info;
  const type = vehicle?.type?.trim().toLowerCase();
  const color = vehicle?.color?.trim().toLowerCase();
  const brand = vehicle?.brand?.trim();
  const geotagged = validPosition(event.geotag?.lat, event.geotag?.lon);
  const [x, y, width, height] = event.plateCoordinates ?? [];
  const box =
    x !== undefined &&
    y !== undefined &&
    width !== undefined &&
    height !== undefined &&
    width > 0 &&
    height > 0;
  const corner = (value: number) => Math.round(value);
  return {
    vendorEventId: `${event.camera_info.SerialNumber}:${event.carID}:${event.capture_timestamp}`,
    plate,
    plateNormalized: normalizePlate(plate),
    plateState: region && /^[A-Z]{2}$/.test(region) ? region : null,
    make: brand ? brand : null,
    color: color ? (COLOR_WORDS[color] ?? titleCase(color)) : null,
    bodyType: type ? (BODY_TYPES[type] ?? titleCase(type)) : null,
    cameraName: integration.label ?? `Axis ${event.camera_info.SerialNumber}`,
    timestamp: new Date(event.capture_timestamp),
    latitude: geotagged ? event.geotag!.lat : integration.latitude,
    longitude: geotagged ? event.geotag!.lon : integration.longitude,
    confidence: event.plateConfidence ?? null,
    direction: event.carMoveDirection ?? null,
    // Corners clockwise from top-left, as Rekor reports them, so every consumer crops one way.
    plateX1: box ? corner(x) : null,
    plateY1: box ? corner(y) : null,
    plateX2: box ? corner(x + width) : null,
    plateY2: box ? corner(y) : null,
    plateX3: box ? corner(x + width) : null,
    plateY3: box ? corner(y + height) : null,
    plateX4: box ? corner(x) : null,
    plateY4: box ? corner(y + height) : null,
  };
}
