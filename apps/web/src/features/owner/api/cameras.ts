import {
  findEndpoint,
  toPath,
  type TAgency,
  type TRekorCamera,
  type TRekorCameraUpdate,
} from "@odin/contract";
import { apiFetch, jsonRequest } from "@/lib/api-client";

const camerasCall = findEndpoint("GET", "/rekor-cameras");
const agenciesCall = findEndpoint("GET", "/agencies-data");
const updateCall = findEndpoint("PATCH", "/rekor-cameras/:cameraId");

export interface CameraData {
  cameras: TRekorCamera[];
  agencies: TAgency[];
}

/** GET /rekor-cameras and GET /agencies-data together: the table needs both. */
export async function getCameraData(): Promise<CameraData> {
  const [cameras, agencies] = await Promise.all([apiFetch(camerasCall.path), apiFetch(agenciesCall.path)]);
  return { cameras: camerasCall.response.parse(cameras), agencies: agenciesCall.response.parse(agencies) };
}

/** PATCH /rekor-cameras/{cameraId}; answers the saved camera. */
export async function updateCamera(cameraId: number, update: TRekorCameraUpdate): Promise<TRekorCamera> {
  return updateCall.response.parse(
    await apiFetch(toPath(updateCall.path, { cameraId }), jsonRequest(updateCall.method, update)),
  );
}
