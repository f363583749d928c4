import { z } from "zod";
import { ZIdInput, ZIdParams, ZSuccessMessage } from "../common";
import type { Endpoint } from "../endpoint";
import { ZAlert } from "../entities/alerts";
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
] as const satisfies readonly Endpoint[];
