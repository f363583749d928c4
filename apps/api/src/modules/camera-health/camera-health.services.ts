import { bindServices } from "../../lib/bind-services";
import { getCameraHealth, type CameraHealthDeps } from "./camera-health.service";

/** What camera-health.routes.ts receives (issue 39 item 2): its service functions, bound to their dependencies. */
export const cameraHealthServiceFactory = (deps: CameraHealthDeps) => bindServices(deps, { getCameraHealth });
export type CameraHealthService = ReturnType<typeof cameraHealthServiceFactory>;
