import { DEMO_AGENCIES } from "@odin/db/demo-data";
import {
  buildAxisEvent,
  createDataset,
  ImageRenderer,
  pushAxisEvents,
  type LiveReadOptions,
} from "@odin/simulators";
import { expect } from "@playwright/test";

const hartford = DEMO_AGENCIES.find((agency) => agency.key === "hartford")!;
/** Hartford's first RAVEN camera (Park St at Washington St). */
export const HARTFORD_CAMERA = hartford.axis[0]!;

/** A RAVEN camera of Hartford reads a plate now and pushes the event to Odin over HTTP, as a camera does. */
export async function cameraReads(
  baseUrl: string,
  plate: string,
  state: LiveReadOptions["state"] = "CT",
): Promise<void> {
  const read = createDataset().addRead("axis", {
    plate,
    state,
    cameraKey: `axis:${HARTFORD_CAMERA.identifier}`,
  });
  const event = await buildAxisEvent(read, { renderer: new ImageRenderer() });
  const result = await pushAxisEvents(
    `${baseUrl}/ingest/axis/${HARTFORD_CAMERA.identifier}`,
    HARTFORD_CAMERA.ingestToken,
    [event],
  );
  expect(result.statuses).toEqual([201]);
}

/**
 * A newly onboarded RAVEN camera pushes one read to the push URL with the ingest token the RAVEN screen
 * showed, as the admin entered them in the camera.
 */
export async function onboardedCameraReads(pushUrl: string, token: string, plate: string): Promise<void> {
  const read = createDataset().addRead("axis", {
    plate,
    state: "CT",
    cameraKey: `axis:${HARTFORD_CAMERA.identifier}`,
  });
  const event = await buildAxisEvent(read, { renderer: new ImageRenderer() });
  const result = await pushAxisEvents(pushUrl, token, [event]);
  expect(result.statuses).toEqual([201]);
}

/** A camera's JPEG of a car with this plate: a realistic picture to upload (a group image). */
export async function vehiclePicture(plate: string): Promise<Buffer> {
  const read = createDataset().addRead("axis", {
    plate,
    state: "CT",
    cameraKey: `axis:${HARTFORD_CAMERA.identifier}`,
  });
  return new ImageRenderer().vehicleImage(read);
}
