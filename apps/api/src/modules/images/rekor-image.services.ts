import { bindServices } from "../../lib/bind-services";
import type { SourceDeps } from "../../sources/detection-source";
import { openRekorImage } from "../../sources/rekor/rekor.source";

/** What rekor-image.routes.ts receives (issue 39 item 2): its service functions, bound to their dependencies. */
export const rekorImageServiceFactory = (deps: SourceDeps) => bindServices(deps, { openRekorImage });
export type RekorImageService = ReturnType<typeof rekorImageServiceFactory>;
