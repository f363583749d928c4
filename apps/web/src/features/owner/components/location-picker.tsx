import type { LatLngTuple, LeafletMouseEvent } from "leaflet";
import { useState } from "react";
import { CircleMarker, MapContainer, TileLayer, useMapEvents } from "react-leaflet";
import "leaflet/dist/leaflet.css";
import { RESULTS_MAP_CENTER, RESULTS_MAP_ZOOM } from "@/components/map/map-constants";
import { Button, Modal } from "@/components/ui";
import { getMapSettings } from "@/lib/config";
import { hasValidCoordinates } from "@/lib/coordinates";

/** Six decimals: about 10 cm, finer than any camera's GPS. */
export const pickedCoordinate = (value: number) => value.toFixed(6);

export interface LocationPickerProps {
  open: boolean;
  /** The camera, for the dialog's title. */
  label: string;
  /** Where the map starts: the current correction, else the reported position, else the region. */
  start: { latitude: number | null; longitude: number | null };
  /** The reported position, drawn as a grey ring for comparison. */
  reported: { latitude: number | null; longitude: number | null };
  onPick: (latitude: number, longitude: number) => void;
  onClose: () => void;
}

/**
 * The corrected location picked on a map (issue 20, camera management): a click puts the point, "Use
 * this location" fills the row's latitude and longitude (typing them stays possible for keyboards).
 */
export function LocationPicker({ open, label, start, reported, onPick, onClose }: LocationPickerProps) {
  const initial: LatLngTuple | null = hasValidCoordinates(start.latitude, start.longitude)
    ? [start.latitude!, start.longitude!]
    : null;
  const [point, setPoint] = useState<LatLngTuple | null>(initial);
  const settings = getMapSettings();
  const showReported = hasValidCoordinates(reported.latitude, reported.longitude);
  return (
    <Modal
      open={open}
      title={`Pick the location of ${label}`}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!point}
            onClick={() => {
              if (point) onPick(point[0], point[1]);
            }}
          >
            Use this location
          </Button>
        </>
      }
    >
      <p className="location-picker__hint">
        Click the map where the camera stands.{" "}
        {point
          ? `Picked: ${pickedCoordinate(point[0])}, ${pickedCoordinate(point[1])}.`
          : "No point picked yet."}
        {showReported && " The grey ring is where the camera reports it stands."}
      </p>
      <MapContainer
        center={initial ?? (showReported ? [reported.latitude!, reported.longitude!] : RESULTS_MAP_CENTER)}
        zoom={initial || showReported ? 16 : RESULTS_MAP_ZOOM}
        maxZoom={settings.maxZoom}
        className="location-picker__map"
      >
        <TileLayer
          url={settings.lightTileUrl}
          attribution={settings.attribution}
          maxZoom={settings.maxZoom}
        />
        <ClickToPick onPick={setPoint} />
        {showReported && (
          <CircleMarker
            center={[reported.latitude!, reported.longitude!]}
            radius={10}
            pathOptions={{ color: "#64748b", weight: 3, fillOpacity: 0 }}
          />
        )}
        {point && (
          <CircleMarker
            center={point}
            radius={9}
            pathOptions={{ color: "#ffffff", weight: 2, fillColor: "#c2312d", fillOpacity: 1 }}
          />
        )}
      </MapContainer>
    </Modal>
  );
}

function ClickToPick({ onPick }: { onPick: (point: LatLngTuple) => void }) {
  useMapEvents({ click: (event: LeafletMouseEvent) => onPick([event.latlng.lat, event.latlng.lng]) });
  return null;
}
