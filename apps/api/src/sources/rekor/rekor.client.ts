import type { PlatePattern } from "../plate-pattern";
import { fetchVendorImage, fetchVendorJson, VendorError, type VendorImage } from "../../lib/vendor-http";
import { ZRekorSearchAnswer, type TRekorSearchAnswer } from "./rekor.payload";

/** One Rekor Scout server and the key Odin calls it with; `label` names it in errors ("Rekor (Hartford PD)"). */
export interface RekorKey {
  baseUrl: string;
  apiKey: string;
  label: string;
}

export interface RekorSearchParams {
  start: Date;
  end: Date;
  plate: PlatePattern | undefined;
  /** How many rows at most; Rekor answers at most 10000. */
  topn: number;
  /** One camera's reads only (its `camera_id`): how an area search asks Rekor (issue 22). */
  camera?: string;
}

export const REKOR_MAX_TOPN = 10_000;

/**
 * Rekor promises exact plate matching only (docs/vendors/rekor.md): exact plates go as they are, partial
 * ones as `*…*`, wildcards as typed. The source filters the answer again in case a server ignores them.
 */
export function toRekorPlateParam(plate: PlatePattern): string {
  return plate.kind === "contains" ? `*${plate.value}*` : plate.value;
}

/** GET {baseUrl}/api/search/plate, newest first. */
export async function searchPlates(
  key: RekorKey,
  params: RekorSearchParams,
  signal?: AbortSignal,
): Promise<TRekorSearchAnswer> {
  const url = rekorUrl(key, ["api", "search", "plate"]);
  url.searchParams.set("start", params.start.toISOString());
  url.searchParams.set("end", params.end.toISOString());
  // Similar has no vendor syntax: the widest question (no plate) is asked and Odin filters the answer.
  if (params.plate && params.plate.kind !== "similar") {
    url.searchParams.set("plate", toRekorPlateParam(params.plate));
  }
  url.searchParams.set("topn", String(Math.max(1, Math.min(Math.floor(params.topn), REKOR_MAX_TOPN))));
  url.searchParams.set("order", "desc");
  if (params.camera !== undefined) url.searchParams.set("camera", params.camera);
  return withoutKey(key, () => fetchVendorJson(url, ZRekorSearchAnswer, { label: key.label, signal }));
}

/** GET {baseUrl}/img/{agent_uid}/{image_uuid}: the read's full frame, checked to be an image. */
export async function fetchImage(
  key: RekorKey,
  agentUid: string,
  imageUuid: string,
  signal?: AbortSignal,
): Promise<VendorImage> {
  const url = rekorUrl(key, ["img", agentUid, imageUuid]);
  return withoutKey(key, () => fetchVendorImage(url, { label: key.label, signal }));
}

/** The key travels as a query parameter (Rekor's API has no header for it), so the URL is secret. */
function rekorUrl(key: RekorKey, segments: string[]): URL {
  let url: URL;
  try {
    url = new URL(key.baseUrl);
  } catch {
    throw new VendorError("failed", `${key.label} has no valid server address configured`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new VendorError("failed", `${key.label} has no valid server address configured`);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/${segments.map(encodeURIComponent).join("/")}`;
  url.search = "";
  url.hash = "";
  url.searchParams.set("api_key", key.apiKey);
  return url;
}

/**
 * vendor-http's messages never quote the URL, but a network error's cause might; a message that
 * reaches a search status or a log must not carry the key, so any copy of it is blanked.
 */
async function withoutKey<T>(key: RekorKey, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const clean = key.apiKey ? message.split(key.apiKey).join("[key]") : message;
    if (error instanceof VendorError) {
      if (clean === message) throw error;
      throw new VendorError(error.kind, clean, error.status);
    }
    throw new VendorError("failed", `${key.label} failed: ${clean}`);
  }
}
