import type { TSearchArea } from "@odin/contract";
import "leaflet/dist/leaflet.css";
import { useEffect } from "react";
import {
  useMap,
  Circle,
  CircleMarker,
  MapContainer,
  Polygon,
  Polyline,
  TileLayer,
  useMapEvents,
} from "react-leaflet";
import { RESULTS_MAP_CENTER } from "@/components/map/map-constants";
import { getMapSettings } from "@/lib/config";

export type DrawMode = "circle" | "polygon";

/** A drawn place: a circle (centre + radius) or the polygon's corners so far, as [lat, lon]. */
export interface Drawing {
  mode: DrawMode;
  center: [number, number] | null;
  radiusM: number;
  corners: [number, number][];
}

export const emptyDrawing = (mode: DrawMode = "circle"): Drawing => ({
  mode,
  center: null,
  radiusM: 300,
  corners: [],
});

/** The drawing as the API's area (GeoJSON, [lon, lat]); null until it is complete. */
export function toArea(drawing: Drawing): TSearchArea | null {
  if (drawing.mode === "circle") {
    return drawing.center
      ? { type: "Point", coordinates: [drawing.center[1], drawing.center[0]], radius_m: drawing.radiusM }
      : null;
  }
  if (drawing.corners.length < 3) return null;
  return {
    type: "Polygon",
    coordinates: [drawing.corners.map(([lat, lon]) => [lon, lat] as [number, number])],
  };
}

function Clicks({ onClick }: { onClick: (at: [number, number]) => void }) {
  useMapEvents({ click: (event) => onClick([event.latlng.lat, event.latlng.lng]) });
  return null;
}

/**
 * Follows a point: the circle's centre when it is typed in (keyboard users), else the camera last
 * picked, else the listed cameras, so the map shows what the form says.
 */
function FollowCenter({ center }: { center: [number, number] | null | undefined }) {
  const map = useMap();
  const lat = center?.[0];
  const lon = center?.[1];
  useEffect(() => {
    if (lat !== undefined && lon !== undefined) map.setView([lat, lon], map.getZoom());
  }, [map, lat, lon]);
  return null;
}

export interface PathLine {
  key: string;
  color: string;
  points: [number, number][];
  /** Line width (3 by default): the plate's own path is drawn wide, under its companions' at the same cameras. */
  weight?: number;
}

/** A camera on the map: the picked ones stand out. */
export interface CameraMarker {
  key: string;
  at: [number, number];
  picked: boolean;
}

export interface AreaMapProps {
  label: string;
  drawing?: Drawing;
  onDraw?: (drawing: Drawing) => void;
  /** The cameras the list offers, picked or not. */
  cameras?: CameraMarker[];
  /** Where the map goes when it changes (see FollowCenter). */
  focus?: [number, number] | null;
  /** Paths to show (travelling-with, pattern), oldest point first. */
  paths?: PathLine[];
  center?: [number, number];
  zoom?: number;
}

/**
 * The investigations' map (issue 22): a click sets the circle's centre or adds a polygon corner, on
 * the same tiles as the results map; paths are drawn as lines with a dot at every read.
 */
export function AreaMap({
  label,
  drawing,
  onDraw,
  cameras = [],
  focus,
  paths = [],
  center,
  zoom = 13,
}: AreaMapProps) {
  const settings = getMapSettings();
  const click = (at: [number, number]) => {
    if (!drawing || !onDraw) return;
    onDraw(
      drawing.mode === "circle"
        ? { ...drawing, center: at }
        : { ...drawing, corners: [...drawing.corners, at] },
    );
  };
  return (
    <section className="investigation-map" aria-label={label}>
      <MapContainer
        center={center ?? drawing?.center ?? RESULTS_MAP_CENTER}
        zoom={zoom}
        style={{ height: 360 }}
        className="investigation-map__canvas"
      >
        <TileLayer url={settings.darkTileUrl} attribution={settings.attribution} maxZoom={settings.maxZoom} />
        {onDraw && <Clicks onClick={click} />}
        {focus !== undefined && <FollowCenter center={focus} />}
        {cameras.map((camera) => (
          <CircleMarker
            key={camera.key}
            center={camera.at}
            radius={camera.picked ? 7 : 4}
            pathOptions={
              camera.picked
                ? { color: "#f59e0b", fillColor: "#f59e0b", fillOpacity: 0.9 }
                : { color: "#94a3b8", fillOpacity: 0.6 }
            }
          />
        ))}
        {drawing?.mode === "circle" && drawing.center && (
          <Circle center={drawing.center} radius={drawing.radiusM} pathOptions={{ color: "#38bdf8" }} />
        )}
        {drawing?.mode === "polygon" && drawing.corners.length > 0 && (
          <Polygon positions={drawing.corners} pathOptions={{ color: "#38bdf8" }} />
        )}
        {paths.map((path) => (
          <Polyline
            key={path.key}
            positions={path.points}
            pathOptions={{ color: path.color, weight: path.weight ?? 3 }}
          />
        ))}
        {paths.flatMap((path) =>
          path.points.map((point, index) => (
            <CircleMarker
              key={`${path.key}-${index}`}
              center={point}
              radius={(path.weight ?? 3) > 3 ? 7 : 4}
              pathOptions={{ color: path.color, fillOpacity: 0.9 }}
            />
          )),
        )}
      </MapContainer>
    </section>
  );
}
