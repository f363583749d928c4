import { access } from "node:fs/promises";
import path from "node:path";
import type { ImageStore } from "../src/storage/image-store";
import type { TestApp } from "./helpers";

/** The smallest JPEG the image store accepts. */
export const JPEG = {
  contentType: "image/jpeg" as const,
  body: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
};

/** Whether a stored picture (its key under the app's image folder) is still on disk. */
export function storedImageExists(t: TestApp, key: string): Promise<boolean> {
  return access(path.join(t.config.detections.imagesDir, key)).then(
    () => true,
    () => false,
  );
}

/** An Axis read stored as ingest stores it, with a vehicle picture and a plate crop. */
export async function readWithPictures(
  t: TestApp,
  images: ImageStore,
  read: { plate: string; at: Date; agencyId: number; integrationId: number; vendorEventId: string },
) {
  const imagePath = await images.put("axis", read.integrationId, read.at, JPEG);
  const plateImagePath = await images.put("axis", read.integrationId, read.at, JPEG, "plate");
  return t.prisma.detection.create({
    data: {
      plate: read.plate,
      plateNormalized: read.plate,
      agencyId: read.agencyId,
      axisIntegrationId: read.integrationId,
      timestamp: read.at,
      imagePath,
      plateImagePath,
      vendorEventId: read.vendorEventId,
    },
  });
}
