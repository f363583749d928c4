import type { LatLngTuple } from "leaflet";
import {
  MAP_DETAIL_ZOOM,
  MAP_POPUP_MAX_WIDTH,
  MAP_RESULTS_CENTER,
  MAP_RESULTS_HEIGHT_PX,
  MAP_RESULTS_ZOOM,
} from "@odin/contract";

/**
 * The maps' constants (000 §9) in the shapes Leaflet takes, for the results map and the detail modal's
 * map. The numbers live in @odin/contract; tile URLs, attribution and max zoom are configuration
 * (getMapSettings()).
 */
export const RESULTS_MAP_CENTER: LatLngTuple = [MAP_RESULTS_CENTER[0], MAP_RESULTS_CENTER[1]];
export const RESULTS_MAP_ZOOM = MAP_RESULTS_ZOOM;
export const RESULTS_MAP_HEIGHT_PX = MAP_RESULTS_HEIGHT_PX;
/** The result detail modal's map. */
export const DETAIL_MAP_ZOOM = MAP_DETAIL_ZOOM;
export const POPUP_MAX_WIDTH = MAP_POPUP_MAX_WIDTH;
/** Narrow enough for a phone, wide enough for the image beside the fields. */
export const POPUP_MIN_WIDTH = 260;

/** Clustering: markers closer than one grid cell (in screen pixels) at the current zoom are grouped. */
export const CLUSTER_CELL_PX = 64;
/** Markers are clustered for the visible area plus this fraction of it on every side, so panning shows no gaps. */
export const CLUSTER_VIEW_PADDING = 0.5;
/** Space kept around a cluster's members when zooming in on them. */
export const CLUSTER_ZOOM_PADDING_PX = 48;
/** A cluster popup (members at one spot that zooming cannot separate) lists at most this many. */
export const CLUSTER_LIST_LIMIT = 200;
