import { findEndpoint, type TAgency, type TRekorCamera, type TRekorCameraUpdate } from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const camerasCall = findEndpoint("GET", "/rekor-cameras");
const agenciesCall = findEndpoint("GET", "/agencies-data");
const updateCall = findEndpoint("PATCH", "/rekor-cameras/:cameraId");

export interface CameraData {
  cameras: TRekorCamera[];
  agencies: TAgency[];
}

/** GET /rekor-cameras and GET /agencies-data together: the table needs both. */
export async function getCameraData(): Promise<CameraData> {
  const [cameras, agencies] = await Promise.all([callEndpoint(camerasCall), callEndpoint(agenciesCall)]);
  return { cameras, agencies };
}

/** PATCH /rekor-cameras/{cameraId}; answers the saved camera. */
export function updateCamera(cameraId: number, update: TRekorCameraUpdate): Promise<TRekorCamera> {
  return callEndpoint(updateCall, { params: { cameraId }, body: update });
}
