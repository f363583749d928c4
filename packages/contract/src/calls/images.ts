import { z } from "zod";
import { IMAGE_TYPES } from "../endpoint";
import type { Endpoint } from "../endpoint";

/**
 * The image proxies keep the spec's paths and query names. The API fetches the image through the
 * source adapter, only from hosts of configured integrations, and answers the image or a 4xx.
 */
const ref = (max = 2048) => z.string().trim().min(1).max(max);

/** `api_key` is the opaque signed handle a search result carried, never a vendor key. */
export const ZProxyRekorImageQuery = z.object({
  agent_uid: ref(200),
  image_uuid: ref(200),
  api_key: ref(),
});
export type TProxyRekorImageQuery = z.infer<typeof ZProxyRekorImageQuery>;

export const ZProxyAxonImageQuery = z.object({ url: ref(), base_url: ref() });
export type TProxyAxonImageQuery = z.infer<typeof ZProxyAxonImageQuery>;

export const ZProxyAxonPlateImageQuery = z.object({ url: ref() });
export type TProxyAxonPlateImageQuery = z.infer<typeof ZProxyAxonPlateImageQuery>;

export const ZProxyAxisImageQuery = z.object({ path: ref() });
export type TProxyAxisImageQuery = z.infer<typeof ZProxyAxisImageQuery>;

export const ZProxyAlertImageQuery = z.object({ path: ref() });
export type TProxyAlertImageQuery = z.infer<typeof ZProxyAlertImageQuery>;

export const ZProxyDetectionImageQuery = z.object({ id: ref(100) });
export type TProxyDetectionImageQuery = z.infer<typeof ZProxyDetectionImageQuery>;

const image = { response: "binary", binaryTypes: IMAGE_TYPES } as const;

export const IMAGE_ENDPOINTS = [
  {
    method: "GET",
    path: "/proxy-rekor-image",
    spec: "000",
    summary: "Rekor vehicle image by agent and image uuid",
    query: ZProxyRekorImageQuery,
    ...image,
  },
  {
    method: "GET",
    path: "/proxy-axon-image",
    spec: "000",
    summary: "Axon vehicle image from a configured Axon host",
    query: ZProxyAxonImageQuery,
    ...image,
  },
  {
    method: "GET",
    path: "/proxy-axon-plate-image",
    spec: "000",
    summary: "Axon plate image from a configured Axon host",
    query: ZProxyAxonPlateImageQuery,
    ...image,
  },
  {
    method: "GET",
    path: "/proxy-axis-image",
    spec: "000",
    summary: "Axis (RAVEN) image from Odin's image store",
    query: ZProxyAxisImageQuery,
    ...image,
  },
  {
    method: "GET",
    path: "/alerts/proxy-alert-image",
    spec: "001",
    summary: "Image of an alert",
    query: ZProxyAlertImageQuery,
    ...image,
  },
  {
    method: "GET",
    path: "/axis/proxy-detection-image",
    spec: "001",
    summary: "Image of a stored Axis (RAVEN) detection",
    query: ZProxyDetectionImageQuery,
    ...image,
  },
] as const satisfies readonly Endpoint[];
