import type { TProxyRekorImageQuery, TSearchResult } from "@odin/contract";
import PQueue from "p-queue";
import { AppError } from "../../lib/app-error";
import type { DetectionSource, SourceContext, SourceDeps, SourceQuery } from "../detection-source";
import { findSearchableRekorKeys } from "../search-scope.repository";
import { camerasOf, cameraRef, insideArea, type SourcePlace } from "../place";
import { VendorError, type VendorImage } from "../../lib/vendor-http";
import {
  findRekorCameraPositions,
  findRekorCamerasForPlace,
  findRekorCamerasOfKeys,
} from "./rekor-cameras.repository";
import { noteSearchedReads } from "./rekor-search-reads.repository";
import { fetchImage, REKOR_MAX_TOPN, searchPlates, type RekorKey } from "./rekor.client";
import { mapRekorRow, matchesRekorQuery } from "./rekor.mapper";
import type { TRekorSearchAnswer } from "./rekor.payload";

/** One stored Rekor key the caller may search; the key stays sealed until a search needs it. */
export interface RekorTarget {
  id: number;
  agencyName: string;
  baseUrl: string;
  apiKeyCiphertext: string;
}

const labelOf = (target: Pick<RekorTarget, "agencyName">) => `Rekor (${target.agencyName})`;

function openKey(deps: SourceDeps, target: RekorTarget): RekorKey {
  try {
    return {
      baseUrl: target.baseUrl,
      apiKey: deps.secrets.decrypt(target.apiKeyCiphertext),
      label: labelOf(target),
    };
  } catch {
    throw new VendorError(
      "failed",
      `${labelOf(target)}: Odin cannot read the stored API key; enter it again`,
    );
  }
}

const needsVehicleFilter = (query: SourceQuery) =>
  Boolean(query.plateState || query.color || query.make || query.bodyType || query.plate?.kind === "similar");

/**
 * Keys one search asks at once (issue 21): a state network with hundreds of agencies' keys must not
 * open hundreds of connections per search; the rest wait in a queue within the search's deadline.
 */
export const REKOR_SEARCH_CONCURRENCY = 8;

/**
 * Rekor Scout: searched live, one call per key, at most `concurrency` keys at once. Rows carry no
 * camera name or position, so those come from Odin's rekor_cameras table (corrections included).
 */
export function createRekorSource(
  deps: SourceDeps,
  { concurrency = REKOR_SEARCH_CONCURRENCY }: { concurrency?: number } = {},
): DetectionSource<RekorTarget> {
  const { prisma } = deps;
  return {
    program: "Rekor",
    async searchable(context: SourceContext) {
      const keys = await findSearchableRekorKeys(prisma, context);
      return new Map(
        keys.map((key) => [
          String(key.id),
          {
            id: key.id,
            agencyName: key.agencyName,
            baseUrl: key.baseUrl,
            apiKeyCiphertext: key.apiKeyCiphertext,
          },
        ]),
      );
    },

    async search(query, targets, signal, warn) {
      if (targets.length === 0) return [];
      // Filters Rekor cannot apply thin the answer afterwards, so then ask for as many rows as it gives.
      const topn = needsVehicleFilter(query) ? REKOR_MAX_TOPN : query.limit;
      const camerasLoading = loadCameras(deps, targets);
      camerasLoading.catch(() => undefined); // awaited below; not "unhandled" if every key fails first
      // A place is asked camera by camera (Rekor's `camera` parameter): only the cameras at the place.
      const asks: { target: RekorTarget; camera?: string }[] = query.place
        ? await camerasAtPlace(deps, targets, query.place)
        : targets.map((target) => ({ target }));
      if (asks.length === 0) return [];
      const queue = new PQueue({ concurrency });
      const outcomes = await Promise.allSettled(
        asks.map(({ target, camera }) =>
          queue.add(
            () =>
              searchPlates(
                openKey(deps, target),
                {
                  start: query.start,
                  end: query.end,
                  plate: query.plate,
                  topn,
                  ...(camera !== undefined ? { camera } : {}),
                },
                signal,
              ),
            // A search past its deadline starts none of the keys still waiting for their turn.
            signal ? { signal } : {},
          ),
        ),
      );
      const answers: { target: RekorTarget; rows: TRekorSearchAnswer }[] = [];
      const failures: string[] = [];
      outcomes.forEach((outcome, index) => {
        const target = asks[index]!.target;
        if (outcome.status === "fulfilled") answers.push({ target, rows: outcome.value });
        else failures.push(failureMessage(target, outcome.reason));
      });
      // Some keys answering is a result; none answering is the source failing, with every reason.
      if (answers.length === 0) throw new VendorError("failed", failures.join("; "));
      if (warn) failures.forEach(warn);
      noteSearchedReads(deps.writer ?? prisma, answers); // camera health's last read (issue 40 item 6); not awaited

      const cameras = await camerasLoading;
      const results: TSearchResult[] = [];
      for (const { target, rows } of answers) {
        const handle = deps.handles.seal({ kind: "rekor-key", id: target.id });
        const key = { id: target.id, agencyName: target.agencyName };
        for (const row of rows) {
          const cameraId = row.fields.camera_id;
          const camera = cameraId == null ? undefined : cameras.get(cameraKey(target.id, cameraId));
          const result = mapRekorRow(row, { key, camera, handle });
          if (matchesRekorQuery(result, query)) results.push(result);
        }
      }
      return results.sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp)).slice(0, query.limit);
    },

    async cameras(targets) {
      const rows = await findRekorCamerasOfKeys(
        deps.prisma,
        targets.map((target) => target.id),
      );
      const agencyOf = new Map(targets.map((target) => [target.id, target.agencyName]));
      return rows.map((camera) => ({
        id: cameraRef("Rekor", `${camera.rekorApiKeyId}:${camera.cameraId}`),
        source_program: "Rekor" as const,
        name: camera.cameraName ?? `Camera ${camera.cameraId}`,
        agency: agencyOf.get(camera.rekorApiKeyId) ?? null,
        latitude: camera.correctedLatitude ?? camera.latitude,
        longitude: camera.correctedLongitude ?? camera.longitude,
      }));
    },
  };
}

/**
 * The Rekor cameras at a place, per key: those whose position (a hand correction first) lies in the
 * area, those picked by ref ("Rekor:{keyId}:{cameraId}") and those whose name a read carried.
 */
async function camerasAtPlace(deps: SourceDeps, targets: RekorTarget[], place: SourcePlace) {
  const picked = new Set(camerasOf(place, "Rekor"));
  const names = new Set(place.cameraNames ?? []);
  const rows = await findRekorCamerasForPlace(
    deps.prisma,
    targets.map((target) => target.id),
  );
  const byId = new Map(targets.map((target) => [target.id, target]));
  return rows.flatMap((camera) => {
    const target = byId.get(camera.rekorApiKeyId);
    if (!target) return [];
    const at =
      picked.has(`${camera.rekorApiKeyId}:${camera.cameraId}`) ||
      names.has(camera.cameraName ?? `Camera ${camera.cameraId}`) ||
      (place.area !== undefined &&
        insideArea(
          place.area,
          camera.correctedLatitude ?? camera.latitude,
          camera.correctedLongitude ?? camera.longitude,
        ));
    return at ? [{ target, camera: camera.cameraId }] : [];
  });
}

function failureMessage(target: RekorTarget, reason: unknown): string {
  if (reason instanceof VendorError) return reason.message;
  return `${labelOf(target)} failed`;
}

const cameraKey = (keyId: number, cameraId: string) => `${keyId}:${cameraId}`;

/**
 * The targeted keys' cameras, in one query started alongside the vendor calls (so it adds no round
 * trip): a key has tens of cameras, not thousands, so loading them all is cheaper than waiting.
 */
async function loadCameras(deps: SourceDeps, targets: RekorTarget[]) {
  const rows = await findRekorCameraPositions(
    deps.prisma,
    targets.map((target) => target.id),
  );
  return new Map(rows.map((camera) => [cameraKey(camera.rekorApiKeyId, camera.cameraId), camera]));
}

const IMAGE_REF = /^[A-Za-z0-9._:-]{1,200}$/;

/**
 * The image behind GET /proxy-rekor-image. The handle says which stored key to use; the caller's
 * agency must still be allowed to search that key today, and the vendor decides whether the image
 * belongs to that key's agent (another agent's image is a 404 there too).
 */
export async function openRekorImage(
  deps: SourceDeps,
  scope: SourceContext,
  query: TProxyRekorImageQuery,
  signal?: AbortSignal,
): Promise<VendorImage> {
  const subject = deps.handles.open(query.api_key, "rekor-key");
  if (!subject)
    throw new AppError("FORBIDDEN", "This image link has expired. Search again to see the image.");
  for (const [name, value] of [
    ["agent_uid", query.agent_uid],
    ["image_uuid", query.image_uuid],
  ] as const) {
    if (!IMAGE_REF.test(value))
      throw new AppError("VALIDATION_FAILED", `${name} is not a Rekor image reference.`, [
        { path: name, message: "may hold only letters, digits and . _ : -" },
      ]);
  }
  const keys = await findSearchableRekorKeys(deps.prisma, scope);
  const target = keys.find((key) => key.id === subject.id);
  if (!target) throw new AppError("NOT_FOUND", "Image not found.");
  try {
    return await fetchImage(openKey(deps, target), query.agent_uid, query.image_uuid, signal);
  } catch (error) {
    if (!(error instanceof VendorError)) throw error;
    if (error.kind === "not_found") throw new AppError("NOT_FOUND", "Image not found.");
    if (error.kind === "timeout") throw new AppError("UPSTREAM_TIMEOUT", `${error.message}.`);
    throw new AppError("UPSTREAM_FAILED", `Could not load the image: ${error.message}.`);
  }
}
