import { notifySilentCameras, type CameraSilenceDeps } from "../modules/camera-health/camera-silence.service";
import type { JobDefinition } from "./scheduler";

/**
 * Issue 40 item 6: every 5 minutes, across every replica once (jobs/scheduler.ts), tells the agencies'
 * admins and webhooks about cameras silent for CAMERA_SILENT_ALERT_HOURS, once per silence.
 */
export function cameraSilenceJob(deps: CameraSilenceDeps): JobDefinition {
  return {
    name: "camera-silence-notices",
    intervalMs: 5 * 60_000,
    run: async () => {
      const figures = await notifySilentCameras(deps);
      return figures.notified > 0 ? figures : undefined;
    },
  };
}
