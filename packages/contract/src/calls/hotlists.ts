import { z } from "zod";
import { ZIdInput, ZIdParams, ZSuccessMessage } from "../common";
import { IMAGE_TYPES, type Endpoint } from "../endpoint";
import { ZAlert } from "../entities/alerts";
import { ZGroupAlertsQuery } from "./alert-desk";
import {
  ZAlertGroupListItem,
  ZGroupMember,
  ZGroupSummary,
  ZHotlistAddRequest,
  ZHotlistGroup,
  ZHotlistPlate,
} from "../entities/hotlists";

export const ZGroupIdParams = z.object({ groupId: ZIdInput });
export type TGroupIdParams = z.infer<typeof ZGroupIdParams>;

/** GET /alerts-data: the caller's groups; the hotlist modal reads only id and name. */
export const ZAlertsDataResponse = z.array(ZAlertGroupListItem);
export type TAlertsDataResponse = z.infer<typeof ZAlertsDataResponse>;

export const ZGroupAlertsResponse = z.object({
  group: ZHotlistGroup,
  alerts: z.array(ZAlert),
  /** Odin's own: pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable().optional(),
});
export type TGroupAlertsResponse = z.infer<typeof ZGroupAlertsResponse>;

export const ZGroupDetailsResponse = z.object({
  group: ZGroupSummary,
  members: z.array(ZGroupMember),
  plates: z.array(ZHotlistPlate),
});
export type TGroupDetailsResponse = z.infer<typeof ZGroupDetailsResponse>;

/** A stored attachment's file name: no path separators, so it cannot leave the attachment store. */
export const ZAttachmentParams = z.object({
  filename: z
    .string()
    .max(255)
    .regex(/^(?!\.)[A-Za-z0-9._-]+$/, "Invalid attachment name"),
});
export type TAttachmentParams = z.infer<typeof ZAttachmentParams>;

export const ZAttachmentQuery = z.object({ plate_id: ZIdInput });
export type TAttachmentQuery = z.infer<typeof ZAttachmentQuery>;

/** Not shown in the spec: Odin's choice, a short-lived signed URL the browser can open. */
export const ZAttachmentUrlResponse = z.object({ url: z.string() });
export type TAttachmentUrlResponse = z.infer<typeof ZAttachmentUrlResponse>;

/**
 * Odin's own: the query of the link ZAttachmentUrlResponse carries. `sig` is an HMAC of the file name,
 * plate id and expiry (epoch seconds), so the link opens in a new tab without a bearer token.
 */
export const ZSignedAttachmentQuery = z.object({
  plate_id: ZIdInput,
  expires: z
    .string()
    .regex(/^\d{1,12}$/, "Expected epoch seconds")
    .transform(Number),
  sig: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, "Expected a link signature"),
});
export type TSignedAttachmentQuery = z.infer<typeof ZSignedAttachmentQuery>;

/** What a plate attachment may be (checked by content on upload). */
export const ATTACHMENT_TYPES = ["application/pdf", ...IMAGE_TYPES] as const;

export const HOTLIST_ENDPOINTS = [
  {
    method: "GET",
    path: "/alerts-data",
    spec: "both",
    summary: "The caller's alert groups",
    response: ZAlertsDataResponse,
  },
  {
    method: "POST",
    path: "/hotlist/add-plate-direct",
    spec: "000",
    summary: "Add a detected plate to a hotlist group",
    body: ZHotlistAddRequest,
    // "body not used" by the spec's client; not shown in the spec: Odin's choice
    response: ZSuccessMessage,
  },
  {
    method: "GET",
    path: "/alerts/group/:groupId/data",
    spec: "001",
    summary: "Alert history of one group",
    params: ZGroupIdParams,
    // Odin's own, all optional: filters and pages (newest first by the read's time)
    query: ZGroupAlertsQuery,
    response: ZGroupAlertsResponse,
  },
  {
    method: "GET",
    path: "/alerts/group/:groupId/details-data",
    spec: "001",
    summary: "Group details: the group, its members and its plates",
    params: ZGroupIdParams,
    response: ZGroupDetailsResponse,
  },
  {
    method: "GET",
    path: "/api/alerts/:id",
    spec: "001",
    summary: "One alert",
    params: ZIdParams,
    // not shown in the spec: Odin's choice (the alert itself)
    response: ZAlert,
  },
  {
    method: "GET",
    path: "/get-hotlist-attachment-url/:filename",
    spec: "001",
    summary: "A short-lived URL of a hotlist plate's attachment",
    params: ZAttachmentParams,
    query: ZAttachmentQuery,
    // not shown in the spec: Odin's choice
    response: ZAttachmentUrlResponse,
  },
  {
    method: "GET",
    path: "/hotlist-attachments/:filename",
    spec: "odin",
    summary: "A plate's attachment, opened by the signed link of /get-hotlist-attachment-url (Odin's own)",
    params: ZAttachmentParams,
    query: ZSignedAttachmentQuery,
    response: "binary",
    binaryTypes: ATTACHMENT_TYPES,
    // The signature stands for the bearer token: a new tab cannot send one.
    public: true,
  },
] as const satisfies readonly Endpoint[];
