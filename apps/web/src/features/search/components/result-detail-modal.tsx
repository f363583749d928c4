import { MESSAGES, type TSearchResult } from "@odin/contract";
import { use } from "react";
import { CurrentUserContext } from "@/lib/auth/current-user";
import { LocationMap, OpenInGoogleMaps } from "@/components/map/location-map";
import { addressText, useNearestAddress } from "@/components/map/nearest-address";
import { Button, EnlargeableImage, Modal, PlateLabel, SourceLogo } from "@/components/ui";
import { hasValidCoordinates } from "@/lib/coordinates";
import { orNotAvailable } from "@/lib/format";
import { vehicleLabel } from "@/lib/vehicle-labels";
import { canAddToHotlist } from "../permissions";
import { HotlistBadge, HotlistListings } from "./hotlist-badge";
import { PlateImage } from "./plate-image";
import { MatchReason } from "./match-reason";

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
  const address = useNearestAddress(result.latitude, result.longitude);
  const located = hasValidCoordinates(result.latitude, result.longitude);

  return (
    <div className="result-detail">
      <div className="result-detail__media">
        <EnlargeableImage
          src={result.vehicle_image_src}
          alt={`Vehicle ${result.plate}`}
          fallback={MESSAGES.vehicleImageUnavailable}
          className="result-detail__vehicle"
        />
        <div className="result-detail__plate-image">
          <PlateImage result={result} />
        </div>
      </div>

      <div className="result-detail__facts">
        <div className="result-detail__source">
          <SourceLogo source={result.source_program} />
          <HotlistBadge result={result} />
        </div>
        <dl className="details-list result-detail__list">
          <div>
            <dt>Plate</dt>
            <dd className="result-detail__plate">
              <PlateLabel plate={result.plate || MESSAGES.notAvailable} />
            </dd>
          </div>
          <HotlistListings result={result} />
          {result.match_reason && (
            <div>
              <dt>Why it matched</dt>
              <dd className="result-detail__reason">
                <MatchReason reason={result.match_reason} />
              </dd>
            </div>
          )}
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
            <dd aria-live="polite">{addressText(address)}</dd>
          </div>
          <div>
            <dt>Timestamp</dt>
            <dd>
              {localTime(result.timestamp)}
              {result.absurd_date && (
                <span className="result-detail__date-warning" role="note">
                  {MESSAGES.absurdDateWarning}
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt>Camera</dt>
            <dd>{orNotAvailable(result.camera_name)}</dd>
          </div>
          {/* Odin's own, after the spec's facts: the vehicle, labelled as everywhere else. */}
          <div>
            <dt>Make</dt>
            <dd>{vehicleLabel("make", result.make)}</dd>
          </div>
          <div>
            <dt>Color</dt>
            <dd>{vehicleLabel("color", result.color)}</dd>
          </div>
          <div>
            <dt>Body Type</dt>
            <dd>{vehicleLabel("body", result.body_type)}</dd>
          </div>
        </dl>
        <div className="result-detail__actions">
          {located && <OpenInGoogleMaps latitude={result.latitude!} longitude={result.longitude!} />}
          {canAddToHotlist(user) && onAddToHotlist && (
            <Button onClick={() => onAddToHotlist(result)}>{MESSAGES.addPlateToHotlist}</Button>
          )}
        </div>
      </div>

      <div className="result-detail__map">
        {located ? (
          <LocationMap
            latitude={result.latitude!}
            longitude={result.longitude!}
            popup={<PlateLabel plate={result.plate || MESSAGES.notAvailable} />}
            className="result-detail__leaflet"
          />
        ) : (
          <p className="map-unavailable">This read has no location to show on a map.</p>
        )}
      </div>
    </div>
  );
}
