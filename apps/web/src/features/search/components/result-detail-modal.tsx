import { MESSAGES, type TSearchResult } from "@odin/contract";
import { use, useState } from "react";
import type { CircleMarker as CircleMarkerLayer, LeafletEvent } from "leaflet";
import { CircleMarker, MapContainer, Popup, TileLayer } from "react-leaflet";
import "leaflet/dist/leaflet.css";
import { CurrentUserContext } from "@/app/current-user";
import { DETAIL_MAP_ZOOM } from "@/components/map/map-constants";
import { Button, ImageOverlay, Modal, SourceLogo, useProxiedImage } from "@/components/ui";
import { getMapSettings } from "@/lib/config";
import { googleMapsUrl, hasValidCoordinates } from "@/lib/coordinates";
import { orNotAvailable } from "@/lib/format";
import { useNearestAddress } from "../api/reverse-geocode";
import { canAddToHotlist } from "../permissions";
import { PlateImage } from "./plate-image";

export interface ResultDetailModalProps {
  result: TSearchResult | null;
  onClose: () => void;
  /** Opens the hotlist modal for this result (built with the hotlists work). */
  onAddToHotlist?: (result: TSearchResult) => void;
}

/** Local date and time, as the detail view shows a read's time (000 §2). */
const localTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? MESSAGES.notAvailable : date.toLocaleString();
};

/**
 * The result detail modal (000 §2): the pictures, the read's facts with its nearest address, a map at
 * zoom 16, and the actions. Closes with ×, Escape or a click outside.
 */
export function ResultDetailModal({ result, onClose, onAddToHotlist }: ResultDetailModalProps) {
  if (!result) return null;
  return (
    <Modal open title="Detection details" onClose={onClose} size="lg">
      <DetailBody result={result} onAddToHotlist={onAddToHotlist} />
    </Modal>
  );
}

function DetailBody({
  result,
  onAddToHotlist,
}: Pick<ResultDetailModalProps, "onAddToHotlist"> & { result: TSearchResult }) {
  const { user } = use(CurrentUserContext);
  const vehicle = useProxiedImage(result.vehicle_image_src);
  const [enlarged, setEnlarged] = useState(false);
  const address = useNearestAddress(result.latitude, result.longitude);
  const located = hasValidCoordinates(result.latitude, result.longitude);

  return (
    <div className="result-detail">
      <div className="result-detail__media">
        {vehicle.status === "ready" && vehicle.url ? (
          <button
            type="button"
            className="result-detail__vehicle"
            onClick={() => setEnlarged(true)}
            title="Enlarge"
          >
            <img src={vehicle.url} alt={`Vehicle ${result.plate}`} />
          </button>
        ) : (
          <div className="result-detail__vehicle result-detail__vehicle--empty">
            {vehicle.status === "loading" ? MESSAGES.loading : MESSAGES.vehicleImageUnavailable}
          </div>
        )}
        <div className="result-detail__plate-image">
          <PlateImage result={result} />
        </div>
      </div>

      <div className="result-detail__facts">
        <div className="result-detail__source">
          <SourceLogo source={result.source_program} />
        </div>
        <dl className="details-list result-detail__list">
          <div>
            <dt>Plate</dt>
            <dd className="result-detail__plate">
              {MESSAGES.plateLabel(result.plate || MESSAGES.notAvailable)}
            </dd>
          </div>
          <div>
            <dt>State</dt>
            <dd>{orNotAvailable(result.plate_state)}</dd>
          </div>
          <div>
            <dt>Agency</dt>
            <dd>{orNotAvailable(result.agency)}</dd>
          </div>
          <div>
            <dt>{MESSAGES.nearestAddress}</dt>
            <dd aria-live="polite">
              {address.status === "loading"
                ? MESSAGES.loading
                : address.status === "found"
                  ? address.address
                  : MESSAGES.unavailable}
            </dd>
          </div>
          <div>
            <dt>Timestamp</dt>
            <dd>{localTime(result.timestamp)}</dd>
          </div>
          <div>
            <dt>Camera</dt>
            <dd>{orNotAvailable(result.camera_name)}</dd>
          </div>
        </dl>
        <div className="result-detail__actions">
          {located && (
            <a
              className="btn btn--secondary"
              href={googleMapsUrl(result.latitude!, result.longitude!)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {MESSAGES.openInGoogleMaps}
            </a>
          )}
          {canAddToHotlist(user) && onAddToHotlist && (
            <Button onClick={() => onAddToHotlist(result)}>{MESSAGES.addPlateToHotlist}</Button>
          )}
        </div>
      </div>

      <div className="result-detail__map">
        {located ? (
          <DetailMap result={result} />
        ) : (
          <p className="result-detail__no-map">This read has no location to show on a map.</p>
        )}
      </div>

      {enlarged && result.vehicle_image_src && (
        <ImageOverlay
          src={result.vehicle_image_src}
          alt={`Vehicle ${result.plate}`}
          onClose={() => setEnlarged(false)}
        />
      )}
    </div>
  );
}

function DetailMap({ result }: { result: TSearchResult }) {
  const settings = getMapSettings();
  const position: [number, number] = [result.latitude!, result.longitude!];
  return (
    <MapContainer
      center={position}
      zoom={DETAIL_MAP_ZOOM}
      maxZoom={settings.maxZoom}
      className="result-detail__leaflet"
    >
      <TileLayer url={settings.lightTileUrl} attribution={settings.attribution} maxZoom={settings.maxZoom} />
      <CircleMarker
        center={position}
        radius={9}
        pathOptions={{ color: "#ffffff", weight: 2, fillColor: "#c2312d", fillOpacity: 1 }}
        eventHandlers={{ add: (event: LeafletEvent) => (event.target as CircleMarkerLayer).openPopup() }}
      >
        <Popup>{MESSAGES.plateLabel(result.plate || MESSAGES.notAvailable)}</Popup>
      </CircleMarker>
    </MapContainer>
  );
}
