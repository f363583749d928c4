import type { TSearchResult } from "@odin/contract";
import { SOURCE_PROGRAM_LABELS } from "@odin/contract";
import { latLngBounds, point, type LatLngTuple, type Map as LeafletMap } from "leaflet";
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Marker, Popup, useMap, useMapEvents } from "react-leaflet";
import {
  clusterPoints,
  isSinglePosition,
  worldRect,
  type MapCluster,
  type WorldRect,
} from "@/components/map/map-clustering";
import {
  CLUSTER_CELL_PX,
  CLUSTER_VIEW_PADDING,
  CLUSTER_ZOOM_PADDING_PX,
  POPUP_MAX_WIDTH,
  POPUP_MIN_WIDTH,
} from "@/components/map/map-constants";
import { clusterMarkerIcon, sourceMarkerIcon } from "@/components/map/map-marker-icons";
import { formatTimestamp } from "@/lib/format";
import type { ResultMapPoint } from "./results-map-data";
import { ResultsMapClusterPopup, ResultsMapPopupContent } from "./results-map-popup";

interface MapView {
  zoom: number;
  rect: WorldRect;
}

function readView(map: LeafletMap): MapView {
  const bounds = map.getBounds().pad(CLUSTER_VIEW_PADDING);
  return {
    zoom: map.getZoom(),
    rect: worldRect({
      south: bounds.getSouth(),
      west: bounds.getWest(),
      north: bounds.getNorth(),
      east: bounds.getEast(),
    }),
  };
}

const pointKey = (point: ResultMapPoint) => `r${point.index}`;

export interface ResultsMapLayerProps {
  points: readonly ResultMapPoint[];
  onOpenResult?: (result: TSearchResult) => void;
  onEnlargeImage: (result: TSearchResult) => void;
}

interface OpenList {
  position: LatLngTuple;
  results: TSearchResult[];
}

/**
 * The markers, clustered for the current zoom and the area in view (plus a margin), recomputed when the
 * map stops moving or changes size. A cluster zooms in on its members when clicked; when they cannot be
 * separated (one spot, or the deepest zoom) it opens a list of them instead.
 */
export function ResultsMapLayer({ points, onOpenResult, onEnlargeImage }: ResultsMapLayerProps) {
  const map = useMap();
  const [view, setView] = useState<MapView>(() => readView(map));
  const [list, setList] = useState<OpenList | null>(null);
  const update = useCallback(() => setView(readView(map)), [map]);
  // moveend follows every pan and zoom.
  useMapEvents({ moveend: update, resize: update });

  const clusters = useMemo(
    () => clusterPoints(points, { zoom: view.zoom, cellSize: CLUSTER_CELL_PX, view: view.rect, pointKey }),
    [points, view],
  );

  const openCluster = useCallback(
    (cluster: ClusterEntry) => {
      const { south, west, north, east } = cluster.bounds;
      const bounds = latLngBounds([south, west], [north, east]);
      const padding = point(CLUSTER_ZOOM_PADDING_PX, CLUSTER_ZOOM_PADDING_PX);
      const target = isSinglePosition(cluster.bounds)
        ? map.getZoom()
        : Math.min(map.getBoundsZoom(bounds, false, padding), map.getMaxZoom());
      if (target > map.getZoom()) {
        map.fitBounds(bounds, { padding, maxZoom: map.getMaxZoom() });
        return;
      }
      setList({
        position: [cluster.lat, cluster.lng],
        results: cluster.members.map((member) => member.result),
      });
    },
    [map],
  );

  return (
    <>
      {clusters.map((cluster) =>
        cluster.kind === "point" ? (
          <ResultMarker
            key={cluster.key}
            point={cluster.point}
            onOpenResult={onOpenResult}
            onEnlargeImage={onEnlargeImage}
          />
        ) : (
          <ClusterMarker key={cluster.key} cluster={cluster} onOpen={openCluster} />
        ),
      )}
      {list && (
        <Popup
          position={list.position}
          maxWidth={POPUP_MAX_WIDTH}
          minWidth={POPUP_MIN_WIDTH}
          className="results-map-popup"
          eventHandlers={{ remove: () => setList(null) }}
        >
          <PopupBody>
            <ResultsMapClusterPopup
              results={list.results}
              onOpenResult={onOpenResult}
              onEnlargeImage={onEnlargeImage}
            />
          </PopupBody>
        </Popup>
      )}
    </>
  );
}

/**
 * Keeps clicks inside a popup from reaching the map. React handles them first (at the portal's node) and
 * may re-render the content, detaching the clicked element (a list item replaced by its details); Leaflet
 * would then no longer see the click as inside the popup and close it as a click on the map.
 */
function PopupBody({ children }: { children: ReactNode }) {
  return (
    <div className="results-map-popup__body" role="presentation" onClick={(event) => event.stopPropagation()}>
      {children}
    </div>
  );
}

type ClusterEntry = Extract<MapCluster<ResultMapPoint>, { kind: "cluster" }>;

interface ClusterMarkerProps {
  cluster: ClusterEntry;
  onOpen: (cluster: ClusterEntry) => void;
}

/**
 * A cluster's disc. Re-rendered only when its count or place changes, so a pan does not rebind every
 * cluster's Leaflet handlers; a click reads the latest members.
 */
const ClusterMarker = memo(
  function ClusterMarker({ cluster, onOpen }: ClusterMarkerProps) {
    const latest = useRef(cluster);
    useEffect(() => {
      latest.current = cluster;
    });
    const { lat, lng } = cluster;
    const count = cluster.members.length;
    const position = useMemo<LatLngTuple>(() => [lat, lng], [lat, lng]);
    const eventHandlers = useMemo(() => ({ click: () => onOpen(latest.current) }), [onOpen]);
    return (
      <Marker
        position={position}
        icon={clusterMarkerIcon(count)}
        title={`${count.toLocaleString("en-US")} detections: select to see them`}
        zIndexOffset={1000}
        eventHandlers={eventHandlers}
      />
    );
  },
  (previous, next) =>
    previous.onOpen === next.onOpen &&
    previous.cluster.members.length === next.cluster.members.length &&
    previous.cluster.members[0] === next.cluster.members[0] &&
    previous.cluster.lat === next.cluster.lat &&
    previous.cluster.lng === next.cluster.lng,
);

interface ResultMarkerProps {
  point: ResultMapPoint;
  onOpenResult?: (result: TSearchResult) => void;
  onEnlargeImage: (result: TSearchResult) => void;
}

/** One detection: a dot in its source's colour; its popup's content mounts only while it is open. */
const ResultMarker = memo(function ResultMarker({ point, onOpenResult, onEnlargeImage }: ResultMarkerProps) {
  const { result } = point;
  const title = `${result.plate.trim() || "Unknown plate"}, ${SOURCE_PROGRAM_LABELS[result.source_program]}, ${formatTimestamp(result.timestamp)}`;
  return (
    <Marker position={point.position} icon={sourceMarkerIcon(result.source_program)} title={title}>
      <Popup maxWidth={POPUP_MAX_WIDTH} minWidth={POPUP_MIN_WIDTH} className="results-map-popup">
        <PopupBody>
          <ResultsMapPopupContent
            result={result}
            onOpenResult={onOpenResult}
            onEnlargeImage={onEnlargeImage}
          />
        </PopupBody>
      </Popup>
    </Marker>
  );
});
