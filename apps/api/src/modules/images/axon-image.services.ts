import { bindServices } from "../../lib/bind-services";
import { openAxonImage } from "../../sources/axon/axon.source";
import type { SourceDeps } from "../../sources/detection-source";

/** What axon-image.routes.ts receives (issue 39 item 2): its service functions, bound to their dependencies. */
export const axonImageServiceFactory = (deps: SourceDeps) => bindServices(deps, { openAxonImage });
export type AxonImageService = ReturnType<typeof axonImageServiceFactory>;
