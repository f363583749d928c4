import type { SourceProgram } from "@odin/contract";
import { divIcon, type DivIcon } from "leaflet";

/**
 * Marker icons drawn by CSS (styles/map.css), no image files: Leaflet's default marker images do not
 * survive bundling. A detection is a dot in its source's colour; a cluster is a disc with its count,
 * larger as the count grows.
 */

const SOURCE_MODIFIER: Readonly<Record<SourceProgram, string>> = {
  Rekor: "rekor",
  Axon: "axon",
  Axis: "axis",
};

const MARKER_SIZE = 18;
const sourceIcons = new Map<SourceProgram, DivIcon>();

/** The dot of one detection, coloured by its source (map.css: .map-marker--rekor / --axon / --axis). */
export function sourceMarkerIcon(source: SourceProgram): DivIcon {
  let icon = sourceIcons.get(source);
  if (!icon) {
    icon = divIcon({
      className: `map-marker map-marker--${SOURCE_MODIFIER[source] ?? "other"}`,
      html: "",
      iconSize: [MARKER_SIZE, MARKER_SIZE],
      iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE / 2],
      popupAnchor: [0, -MARKER_SIZE / 2],
    });
    sourceIcons.set(source, icon);
  }
  return icon;
}

/** The size class of a cluster: 2–9, 10–99, 100–999, 1,000 and more. */
export function clusterSize(count: number): { modifier: "sm" | "md" | "lg" | "xl"; px: number } {
  if (count < 10) return { modifier: "sm", px: 32 };
  if (count < 100) return { modifier: "md", px: 38 };
  if (count < 1000) return { modifier: "lg", px: 46 };
  return { modifier: "xl", px: 54 };
}

const clusterIcons = new Map<number, DivIcon>();
const CLUSTER_ICON_CACHE_LIMIT = 2000;

/** A cluster's disc showing how many detections it holds. */
export function clusterMarkerIcon(count: number): DivIcon {
  let icon = clusterIcons.get(count);
  if (!icon) {
    const { modifier, px } = clusterSize(count);
    icon = divIcon({
      className: `map-cluster map-cluster--${modifier}`,
      html: `<span class="map-cluster__count">${Math.trunc(count)}</span>`,
      iconSize: [px, px],
      iconAnchor: [px / 2, px / 2],
    });
    if (clusterIcons.size >= CLUSTER_ICON_CACHE_LIMIT) clusterIcons.clear();
    clusterIcons.set(count, icon);
  }
  return icon;
}
