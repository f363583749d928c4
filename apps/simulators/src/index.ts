/** @odin/simulators: fake Rekor Scout, Axon and Axis LPV sources speaking real HTTP (docs/vendors/). */
export { startSimulators, type RunningSimulators, type StartSimulatorsOptions } from "./simulators";
export { buildRekorApp, type RekorAppOptions } from "./rekor/rekor.app";
export { buildAxonApp, type AxonAppOptions } from "./axon/axon.app";
export { buildMapsApp, mapsTileUrls, DEFAULT_MAPS_PORT, type MapsAppOptions } from "./maps/maps.app";
export { TileRenderer, type TileRendererOptions } from "./maps/tiles";
export {
  reverseGeocode,
  type NominatimPlace,
  type NominatimAddress,
  type ReverseAnswer,
} from "./maps/reverse";
export { MAX_TILE_ZOOM } from "./maps/mercator";
export { FaultController, NO_FAULTS, FAULTS_PATH, type FaultSettings } from "./faults";

export { createDataset, DEFAULT_SEED, type Dataset, type DatasetOptions } from "./data/dataset";
export type { LiveReadOptions } from "./data/live-reads";
export type { SimRead, RekorRead, AxonRead, AxisRead, Vendor } from "./data/reads";
export { compilePlateQuery } from "./data/plate-query";
export { normalizePlate } from "./data/plates";
export { CT_BOUNDS, REKOR_CAMERAS, AXON_CAMERAS, AXIS_CAMERAS } from "./data/cameras";
export { ImageRenderer, PLATE_CROP_MARGIN, type ImageRendererOptions } from "./images";

export {
  toRekorSearchRow,
  REKOR_GROUP_MODEL,
  type RekorSearchRow,
  type RekorSearchFields,
} from "./rekor/rekor.payload";
export {
  buildRekorGroup,
  sendRekorGroup,
  type RekorGroup,
  type SendRekorGroupOptions,
} from "./rekor/rekor.webhook";
export { toAxonRead, AXON_READS_PATH, type AxonReadPayload, type AxonReadsPage } from "./axon/axon.payload";
export {
  buildAxisEvent,
  axisDatetime,
  type AxisLpvEvent,
  type BuildAxisEventOptions,
} from "./axis/axis.event";
export { pushAxisEvents, type PushAxisEventsOptions, type PushResult } from "./axis/axis.push";

export {
  DEMO_SIMULATOR_URLS,
  DEMO_REKOR_AGENTS,
  DEMO_AXIS_INTEGRATIONS,
  DEMO_AXON_CLIENT,
  DEMO_HOTLIST_PLATES,
} from "./demo-credentials";
