import { ALERT_MAP_ZOOM, describeMatchRule, MESSAGES, type TAlert } from "@odin/contract";
import { useId, type ReactNode } from "react";
import { LocationMap, OpenInGoogleMaps } from "@/components/map/location-map";
import { addressText, useNearestAddress } from "@/components/map/nearest-address";
import { EnlargeableImage, Plate, SourceLogo } from "@/components/ui";
import { hasValidCoordinates } from "@/lib/coordinates";
import { formatTimestamp, formatUtcNaive, orNotAvailable } from "@/lib/format";
import { AlertDeskActions } from "./alert-desk-actions";
import { alertImageSrc } from "./alert-format";

/**
 * Everything about one alert (001 §2), in the history's modal and on /alert-history-detail/{id}: the
 * picture (click to enlarge) or 'No Image', the read's facts with the nearest address, the hotlist
 * entry that matched ('Added to Hotlist', Notes), and a small map at zoom 16 with Open in Google Maps.
 */
export function AlertDetails({ alert, onChange }: { alert: TAlert; onChange?: (alert: TAlert) => void }) {
  const hotlistTitle = useId();
  const address = useNearestAddress(alert.latitude, alert.longitude);
  const located = hasValidCoordinates(alert.latitude, alert.longitude);
  const plateLabel = MESSAGES.plateLabel(alert.plate || MESSAGES.notAvailable);

  return (
    <div className="alert-detail">
      <EnlargeableImage
        src={alertImageSrc(alert)}
        alt={`Vehicle ${alert.plate}`}
        fallback={MESSAGES.noImage}
        className="alert-detail__image"
      />

      <div className="alert-detail__facts">
        <SourceLogo source={alert.source_program} />
        <dl className="details-list alert-detail__list">
          <Fact term="Plate" value={<Plate className="alert-detail__plate">{alert.plate}</Plate>} />
          <Fact term="State" value={orNotAvailable(alert.state)} />
          <Fact term="Timestamp" value={formatUtcNaive(alert.timestamp)} />
          <Fact term="Camera" value={orNotAvailable(alert.camera)} />
          {(alert.read_count ?? 1) > 1 && (
            <Fact
              term="Read again"
              value={`${alert.read_count} reads by this camera within the group's cooldown, last at ${formatTimestamp(alert.last_read_at ?? null)}`}
            />
          )}
          <Fact term="Agency" value={orNotAvailable(alert.agency)} />
          <Fact term="Reason" value={orNotAvailable(alert.justification)} />
          <div className="alert-detail__wide">
            <dt>{MESSAGES.nearestAddress}</dt>
            <dd aria-live="polite">{addressText(address)}</dd>
          </div>
        </dl>

        <section className="alert-detail__hotlist" aria-labelledby={hotlistTitle}>
          <h2 id={hotlistTitle} className="visually-hidden">
            Hotlist entry
          </h2>
          <dl className="details-list">
            <Fact term={MESSAGES.addedToHotlist} value={formatTimestamp(alert.date_added)} />
            <Fact term="Notes" value={orNotAvailable(alert.notes)} />
            <Fact
              term="Why it alerted"
              value={<span className="alert-detail__rule">{describeMatchRule(alert.match_rule)}</span>}
            />
            {alert.ocr_candidates && alert.ocr_candidates.length > 0 && (
              <Fact
                term="Camera's readings"
                value={alert.ocr_candidates
                  .map(({ plate, confidence }) =>
                    confidence === null ? plate : `${plate} (${Math.round(confidence)}%)`,
                  )
                  .join(", ")}
              />
            )}
          </dl>
        </section>
        {onChange && <AlertDeskActions key={alert.id} alert={alert} onChange={onChange} />}
      </div>

      <div className="alert-detail__map">
        {located ? (
          <>
            <LocationMap
              latitude={alert.latitude!}
              longitude={alert.longitude!}
              zoom={ALERT_MAP_ZOOM}
              popup={plateLabel}
              className="alert-detail__leaflet"
            />
            <OpenInGoogleMaps latitude={alert.latitude!} longitude={alert.longitude!} />
          </>
        ) : (
          <p className="map-unavailable">This alert has no location to show on a map.</p>
        )}
      </div>
    </div>
  );
}

function Fact({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
