import { MESSAGES, SOURCE_PROGRAM_LABELS, SOURCE_PROGRAMS, type TSearchResult } from "@odin/contract";
import { latLngBounds, type Map as LeafletMap } from "leaflet";
import "leaflet/dist/leaflet.css";
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
} from "react";
import { MapContainer, TileLayer } from "react-leaflet";
import {
  DETAIL_MAP_ZOOM,
  RESULTS_MAP_CENTER,
  RESULTS_MAP_HEIGHT_PX,
  RESULTS_MAP_ZOOM,
} from "@/components/map/map-constants";
import { useFullScreen } from "@/components/map/map-fullscreen";
import { ImageOverlay, CollapseIcon, ExpandIcon, FitBoundsIcon, MapPinIcon } from "@/components/ui";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { getMapSettings } from "@/lib/config";
import {
  NO_LOCATION_MESSAGE,
  formatTime,
  pointsInRange,
  shownOnMapText,
  sliderSteps,
  sliderTime,
  timeBounds,
  toMapPoints,
  withoutLocationText,
  type ResultMapPoint,
  type SliderRange,
} from "./results-map-data";
import { ResultsMapLayer } from "./results-map-layer";
import { ResultsMapTimeSlider } from "./results-map-time-slider";

export interface ResultsMapProps {
  results: TSearchResult[];
  /** Opens the result detail modal (the popups' Details button); no button without it. */
  onOpenResult?: (result: TSearchResult) => void;
}

/**
 * The results screen's Map View (000 §2): the results with valid coordinates on dark tiles, clustered,
 * filtered by a time-range slider, with popups and a full-screen mode. Without any mappable result it
 * says so instead of showing an empty map.
 */
export function ResultsMap({ results, onOpenResult }: ResultsMapProps) {
  const { points, withoutLocation } = useMemo(() => toMapPoints(results), [results]);
  if (points.length === 0) {
    return (
      <section className="results-map results-map--empty" aria-label="Results map">
        <EmptyState
          icon={<MapPinIcon />}
          title={results.length === 0 ? MESSAGES.noResultsFound : NO_LOCATION_MESSAGE}
          description={
            results.length === 0
              ? undefined
              : "Their cameras reported no position, or a placeholder one (0, 0). They are all in the Table View."
          }
        />
      </section>
    );
  }
  return <ResultsMapView points={points} withoutLocation={withoutLocation} onOpenResult={onOpenResult} />;
}

interface ResultsMapViewProps {
  points: ResultMapPoint[];
  withoutLocation: number;
  onOpenResult?: (result: TSearchResult) => void;
}

const FIT_PADDING_PX = 32;

function ResultsMapView({ points, withoutLocation, onOpenResult }: ResultsMapViewProps) {
  const settings = useMemo(() => getMapSettings(), []);
  const frame = useRef<HTMLElement>(null);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const fullScreen = useFullScreen(frame);
  const [enlarged, setEnlarged] = useState<TSearchResult | null>(null);

  // The time range, reset to everything when the results change.
  const bounds = useMemo(() => timeBounds(points), [points]);
  const steps = sliderSteps(bounds);
  const [selection, setSelection] = useState<{ points: ResultMapPoint[]; range: SliderRange }>({
    points,
    range: { from: 0, to: steps },
  });
  let range = selection.range;
  if (selection.points !== points) {
    range = { from: 0, to: steps };
    setSelection({ points, range });
  }
  const setRange = useCallback(
    (next: SliderRange) => setSelection((current) => ({ ...current, range: next })),
    [],
  );
  // Dragging stays smooth with 5,000 results: markers follow the thumbs at a lower priority.
  const filterRange = useDeferredValue(range);
  const shown = useMemo(
    () => pointsInRange(points, filterRange, bounds, steps),
    [points, filterRange, bounds, steps],
  );

  // Leaflet measures its container once: tell it after full screen changes or the box resizes (a tab shown).
  useEffect(() => {
    if (!map) return;
    const frameId = requestAnimationFrame(() => map.invalidateSize());
    return () => cancelAnimationFrame(frameId);
  }, [map, fullScreen.mode]);
  useEffect(() => {
    if (!map || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);

  // The detail modal opens over the page: leave full screen first or it would open behind the map.
  const openResultRef = useRef(onOpenResult);
  useEffect(() => {
    openResultRef.current = onOpenResult;
  });
  const { exit: exitFullScreen } = fullScreen;
  const openResult = useCallback(
    (result: TSearchResult) => {
      void exitFullScreen().then(() => openResultRef.current?.(result));
    },
    [exitFullScreen],
  );

  const fitToMarkers = () => {
    if (!map || shown.length === 0) return;
    map.fitBounds(latLngBounds(shown.map((point) => point.position)), {
      padding: [FIT_PADDING_PX, FIT_PADDING_PX],
      maxZoom: DETAIL_MAP_ZOOM,
    });
  };

  const fromText = bounds ? formatTime(sliderTime(range.from, bounds, steps)) : MESSAGES.notAvailable;
  const toText = bounds ? formatTime(sliderTime(range.to, bounds, steps)) : MESSAGES.notAvailable;
  const frameClass = [
    "results-map",
    fullScreen.isFullScreen ? "results-map--fullscreen" : "",
    fullScreen.mode === "fallback" ? "results-map--fullscreen-fallback" : "",
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <section
      ref={frame}
      className={frameClass}
      aria-label="Results map"
      style={{ "--results-map-height": `${RESULTS_MAP_HEIGHT_PX}px` } as CSSProperties}
    >
      <div className="results-map__toolbar">
        <ResultsMapTimeSlider
          steps={steps}
          value={range}
          onChange={setRange}
          fromText={fromText}
          toText={toText}
        />
        <div className="results-map__actions">
          <Button variant="secondary" size="sm" onClick={fitToMarkers} disabled={shown.length === 0}>
            <FitBoundsIcon /> Zoom to Results
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void fullScreen.toggle()}>
            {fullScreen.isFullScreen ? <CollapseIcon /> : <ExpandIcon />}
            {fullScreen.isFullScreen ? MESSAGES.exitFullScreen : MESSAGES.fullScreen}
          </Button>
        </div>
      </div>

      <div className="results-map__status">
        <p className="results-map__summary" role="status">
          <strong>{shownOnMapText(shown.length, points.length)}</strong>
          {withoutLocation > 0 && <span> {withoutLocationText(withoutLocation)}</span>}
        </p>
        <ul className="results-map__legend" aria-label="Marker colours">
          {SOURCE_PROGRAMS.map((source) => (
            <li key={source} className="results-map__legend-item">
              <span
                className={`results-map__swatch results-map__swatch--${source.toLowerCase()}`}
                aria-hidden
              />
              {SOURCE_PROGRAM_LABELS[source]}
            </li>
          ))}
          <li className="results-map__legend-item">
            <span className="results-map__swatch results-map__swatch--cluster" aria-hidden />
            Group (select to zoom in)
          </li>
        </ul>
      </div>

      <div className="results-map__canvas">
        <MapContainer
          ref={setMap}
          className="results-map__leaflet"
          center={RESULTS_MAP_CENTER}
          zoom={RESULTS_MAP_ZOOM}
          maxZoom={settings.maxZoom}
          worldCopyJump
        >
          <TileLayer
            url={settings.darkTileUrl}
            attribution={settings.attribution}
            maxZoom={settings.maxZoom}
          />
          <ResultsMapLayer
            points={shown}
            onOpenResult={onOpenResult ? openResult : undefined}
            onEnlargeImage={setEnlarged}
          />
        </MapContainer>
        {shown.length === 0 && (
          <p className="results-map__notice">No detections in the selected time range.</p>
        )}
      </div>

      {enlarged?.vehicle_image_src && (
        <ImageOverlay
          src={enlarged.vehicle_image_src}
          alt={`Vehicle ${enlarged.plate.trim() || MESSAGES.notAvailable}`}
          onClose={() => setEnlarged(null)}
        />
      )}
    </section>
  );
}
