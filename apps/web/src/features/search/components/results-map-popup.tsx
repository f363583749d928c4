import { MESSAGES, type TSearchResult } from "@odin/contract";
import { useMemo, useState } from "react";
import { CLUSTER_LIST_LIMIT } from "@/components/map/map-constants";
import { Button } from "@/components/ui/button";
import { useProxiedImage } from "@/components/ui/proxied-image";
import { SourceLogo } from "@/components/ui/source-logo";
import { Spinner } from "@/components/ui/spinner";
import { formatTimestamp } from "@/lib/format";
import { HotlistBadge } from "./hotlist-badge";
import { popupFields } from "./results-map-data";
import { Plate } from "@/components/ui";

export interface ResultsMapPopupContentProps {
  result: TSearchResult;
  /** Opens the result detail modal; no Details button without it. */
  onOpenResult?: (result: TSearchResult) => void;
  /** Shows the vehicle image full screen; the image is not clickable without it. */
  onEnlargeImage?: (result: TSearchResult) => void;
}

const plateOf = (result: TSearchResult) => result.plate.trim() || MESSAGES.notAvailable;

/**
 * A marker popup (000 §2): the vehicle image through Odin's authenticated proxy (click for full screen)
 * or 'Vehicle image unavailable', then Plate, State, Make, Color, Body, Agency, Camera and Time, N/A
 * when missing. Rendered by react-leaflet's Popup only while open, so images load on demand.
 */
export function ResultsMapPopupContent({
  result,
  onOpenResult,
  onEnlargeImage,
}: ResultsMapPopupContentProps) {
  const { url, status } = useProxiedImage(result.vehicle_image_src);
  const alt = `Vehicle ${plateOf(result)}`;

  let media;
  if (status === "failed") {
    media = <p className="map-popup__no-image">{MESSAGES.vehicleImageUnavailable}</p>;
  } else if (!url) {
    media = <Spinner size="sm" label="Loading image..." hideLabel />;
  } else if (onEnlargeImage) {
    media = (
      <button
        type="button"
        className="map-popup__image-button"
        title="View full screen"
        onClick={() => onEnlargeImage(result)}
      >
        <img className="map-popup__image" src={url} alt={`${alt} (view full screen)`} />
      </button>
    );
  } else {
    media = <img className="map-popup__image" src={url} alt={alt} />;
  }

  return (
    <article className="map-popup" aria-label={`Detection of plate ${plateOf(result)}`}>
      <div className="map-popup__media">{media}</div>
      <div className="map-popup__info">
        <SourceLogo source={result.source_program} size="sm" className="map-popup__source" />
        <HotlistBadge result={result} className="map-popup__hotlist" />
        <dl className="map-popup__fields">
          {popupFields(result).map(({ label, value }) => (
            <div key={label} className="map-popup__field">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {onOpenResult && (
          <Button size="sm" className="map-popup__details" onClick={() => onOpenResult(result)}>
            Details
          </Button>
        )}
      </div>
    </article>
  );
}

export interface ResultsMapClusterPopupProps extends Omit<ResultsMapPopupContentProps, "result"> {
  /** Detections at one spot that zooming in cannot separate (a fixed camera's reads). */
  results: readonly TSearchResult[];
}

/**
 * The popup of a cluster that zooming cannot split: its detections newest first (at most
 * CLUSTER_LIST_LIMIT), each opening the same content as a single marker's popup, with a way back.
 */
export function ResultsMapClusterPopup({ results, ...contentProps }: ResultsMapClusterPopupProps) {
  const [selected, setSelected] = useState<TSearchResult | null>(null);
  const sorted = useMemo(
    () =>
      [...results]
        .sort((a, b) => (Date.parse(b.timestamp) || 0) - (Date.parse(a.timestamp) || 0))
        .slice(0, CLUSTER_LIST_LIMIT),
    [results],
  );

  if (selected) {
    return (
      <div className="map-cluster-popup map-cluster-popup--detail">
        <div className="map-cluster-popup__bar">
          <Button variant="ghost" size="sm" onClick={() => setSelected(null)}>
            ← All {results.length.toLocaleString("en-US")} detections here
          </Button>
        </div>
        <ResultsMapPopupContent result={selected} {...contentProps} />
      </div>
    );
  }

  return (
    <div className="map-cluster-popup">
      <h3 className="map-cluster-popup__title">{results.length.toLocaleString("en-US")} detections here</h3>
      {results.length > sorted.length && (
        <p className="map-cluster-popup__note">
          The newest {sorted.length.toLocaleString("en-US")} are listed; narrow the time range to see others.
        </p>
      )}
      <ul className="map-cluster-popup__list">
        {sorted.map((result, index) => (
          <li key={`${result.source_program}:${result.id}:${index}`}>
            <button type="button" className="map-cluster-popup__item" onClick={() => setSelected(result)}>
              <Plate className="map-cluster-popup__plate">{plateOf(result)}</Plate>
              <span className="map-cluster-popup__time">{formatTimestamp(result.timestamp)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
