import { MESSAGES } from "@odin/contract";
import type { CircleMarker as CircleMarkerLayer, LeafletEvent } from "leaflet";
import type { ReactNode } from "react";
import { CircleMarker, MapContainer, Popup, TileLayer } from "react-leaflet";
import "leaflet/dist/leaflet.css";
import { buttonClassName } from "@/components/ui";
import { getMapSettings } from "@/lib/config";
import { googleMapsUrl } from "@/lib/coordinates";
import { DETAIL_MAP_ZOOM, POPUP_MAX_WIDTH } from "./map-constants";

export interface LocationMapProps {
  /** A valid point (check hasValidCoordinates first). */
  latitude: number;
  longitude: number;
  /** The marker's popup, open from the start ('Plate: {plate}'). */
  popup: ReactNode;
  zoom?: number;
  className?: string;
}

/** A small map of one read: light tiles, a marker with its popup open (result detail, alert detail). */
export function LocationMap({
  latitude,
  longitude,
  popup,
  zoom = DETAIL_MAP_ZOOM,
  className,
}: LocationMapProps) {
  const settings = getMapSettings();
  const position: [number, number] = [latitude, longitude];
  return (
    <MapContainer center={position} zoom={zoom} maxZoom={settings.maxZoom} className={className}>
      <TileLayer url={settings.lightTileUrl} attribution={settings.attribution} maxZoom={settings.maxZoom} />
      <CircleMarker
        center={position}
        radius={9}
        pathOptions={{ color: "#ffffff", weight: 2, fillColor: "#c2312d", fillOpacity: 1 }}
        eventHandlers={{ add: (event: LeafletEvent) => (event.target as CircleMarkerLayer).openPopup() }}
      >
        <Popup maxWidth={POPUP_MAX_WIDTH}>{popup}</Popup>
      </CircleMarker>
    </MapContainer>
  );
}

/** 'Open in Google Maps': the point in a new tab. */
export function OpenInGoogleMaps({ latitude, longitude }: { latitude: number; longitude: number }) {
  return (
    <a
      className={buttonClassName("secondary")}
      href={googleMapsUrl(latitude, longitude)}
      target="_blank"
      rel="noopener noreferrer"
    >
      {MESSAGES.openInGoogleMaps}
    </a>
  );
}
