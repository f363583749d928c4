import type { Actor } from "../../access/actor";
import { AppError } from "../../lib/app-error";
import type { Database } from "../../lib/database";
import type { VendorImage } from "../../lib/vendor-http";
import { findSearchableAxisIntegrations, searchScopeOf } from "../../sources/search-scope.repository";
import { parseStoredImagePath, type ImageStore } from "../../storage/image-store";
import { findAxisDetectionImage } from "./images.repository";

const NOT_FOUND = "Image not found.";

/**
 * The pictures of stored Axis (RAVEN) reads, as the routes receive them (issue 39 item 2): by stored
 * path (a result's axis_path / axis_plate_path) or by detection id (alerts). Either way the caller's
 * agency must be able to search the integration that took the picture; otherwise the answer is the
 * same 404 as for a picture that does not exist.
 */
export function axisImagesServiceFactory({ database, images }: { database: Database; images: ImageStore }) {
  const searchableIntegrationIds = async (actor: Actor) => {
    const integrations = await findSearchableAxisIntegrations(database, searchScopeOf(actor));
    return new Set(integrations.map((integration) => integration.id));
  };
  const open = async (path: string): Promise<VendorImage> => {
    const image = await images.get(path);
    if (!image) throw new AppError("NOT_FOUND", NOT_FOUND);
    return image;
  };
  return {
    async byPath(actor: Actor, path: string): Promise<VendorImage> {
      const stored = parseStoredImagePath(path);
      if (!stored || stored.area !== "axis") {
        throw new AppError("VALIDATION_FAILED", "path is not the path of a stored Axis picture.");
      }
      if (!(await searchableIntegrationIds(actor)).has(stored.ownerId))
        throw new AppError("NOT_FOUND", NOT_FOUND);
      return open(path);
    },

    async byDetection(actor: Actor, givenId: string): Promise<VendorImage> {
      const id = /^(?:axis-)?(\d{1,18})$/.exec(givenId)?.[1];
      if (!id) throw new AppError("VALIDATION_FAILED", "id is not the id of a stored Axis read.");
      const detection = await findAxisDetectionImage(database, BigInt(id));
      if (
        !detection?.imagePath ||
        !(await searchableIntegrationIds(actor)).has(detection.axisIntegrationId)
      ) {
        throw new AppError("NOT_FOUND", NOT_FOUND);
      }
      return open(detection.imagePath);
    },
  };
}
export type AxisImagesService = ReturnType<typeof axisImagesServiceFactory>;
