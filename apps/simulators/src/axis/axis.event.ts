import { Rng } from "../data/prng";
import type { AxisRead } from "../data/reads";
import { axisVocabulary } from "../data/vocabulary";
import type { ImageRenderer } from "../images";

/**
 * The JSON an AXIS License Plate Verifier camera pushes over HTTP for one read (VENDORS.md). As the
 * public samples show, LPV writes counters, ids, times and confidences as strings. `image` and
 * `plateImage` are Odin's definition of how the pictures travel (base64 JPEG; docs/vendors/axis.md).
 */
export interface AxisLpvEvent {
  packetCounter: string;
  /** Epoch milliseconds, as a string. */
  capture_timestamp: string;
  /** Camera local time (America/New_York here), "YYYYMMDD HHMMSSmmm". */
  datetime: string;
  plateText: string;
  plateUTF8: string;
  plateASCII: string;
  /** ISO 3166 alpha-3. */
  plateCountry: string;
  /** The state's postal abbreviation. */
  plateRegion: string;
  plateConfidence: string;
  carState: "new" | "update" | "lost";
  /** The camera's number for this vehicle; with the camera's serial number it identifies the read. */
  carID: string;
  geotag: { lat: number; lon: number };
  carMoveDirection: "in" | "out";
  /** The plate's box in `image`: x, y, width, height in pixels. */
  plateCoordinates: [number, number, number, number];
  imagesURI: string[];
  plateList: string;
  sensorProviderID: string;
  timeProcessing: string;
  camera_info: { SerialNumber: string; ProdShortName: string; MACAddress: string };
  vehicle_info: { type: string; view: "front" | "rear"; brand: string; color: string; model: string };
  /** Base64 JPEG of the whole frame the coordinates refer to (Odin's field). */
  image?: string;
  /** Base64 JPEG of the plate crop (Odin's field). */
  plateImage?: string;
}

export interface BuildAxisEventOptions {
  /** Renders the pictures; without it (or with images: false) the event carries none. */
  renderer?: ImageRenderer;
  images?: boolean;
  carState?: AxisLpvEvent["carState"];
}

const LOCAL_TIME = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

export function axisDatetime(time: number): string {
  const parts = Object.fromEntries(LOCAL_TIME.formatToParts(new Date(time)).map((p) => [p.type, p.value]));
  const ms = String(time % 1000).padStart(3, "0");
  return `${parts.year}${parts.month}${parts.day} ${parts.hour}${parts.minute}${parts.second}${ms}`;
}

export async function buildAxisEvent(
  read: AxisRead,
  options: BuildAxisEventOptions = {},
): Promise<AxisLpvEvent> {
  const camera = read.camera;
  const plate = read.frame.plate;
  const rng = Rng.for("axis-event", read.id);
  const event: AxisLpvEvent = {
    packetCounter: String(read.sequence * 3 + 1),
    capture_timestamp: String(read.capturedAt),
    datetime: axisDatetime(read.capturedAt),
    plateText: read.plate,
    plateUTF8: read.plate,
    plateASCII: read.plate,
    plateCountry: "USA",
    plateRegion: read.state,
    plateConfidence: read.confidence.toFixed(6),
    carState: options.carState ?? "new",
    carID: String(read.sequence),
    geotag: { lat: read.latitude, lon: read.longitude },
    carMoveDirection: read.frame.view === "front" ? "in" : "out",
    plateCoordinates: [plate.x, plate.y, plate.width, plate.height],
    imagesURI: [`/local/fflprapp/tools.cgi?action=getImage&name=${read.sequence}_${read.capturedAt}.jpg`],
    plateList: "",
    sensorProviderID: camera.integration.identifier,
    timeProcessing: String(rng.int(40, 180)),
    camera_info: { SerialNumber: camera.serial, ProdShortName: camera.product, MACAddress: camera.mac },
    vehicle_info: {
      type: axisVocabulary.type(read.vehicle.bodyType),
      view: read.frame.view,
      brand: read.vehicle.make,
      color: axisVocabulary.color(read.vehicle.color, (read.traits & 2) === 2),
      model: read.vehicle.model,
    },
  };
  if (options.renderer && options.images !== false) {
    const [image, plateImage] = await Promise.all([
      options.renderer.vehicleImage(read),
      options.renderer.plateCrop(read),
    ]);
    event.image = image.toString("base64");
    event.plateImage = plateImage.toString("base64");
  }
  return event;
}
