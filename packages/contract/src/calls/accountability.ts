import type { Endpoint } from "../endpoint";
import { ZCaseFieldSettings, ZCaseFieldSettingsRequest } from "../entities/case-fields";

/** Odin's own accountability calls (issue 23). */
export const ACCOUNTABILITY_ENDPOINTS = [
  {
    method: "GET",
    path: "/case-fields",
    spec: "odin",
    summary: "The caller's agency's offense categories and whether case number and category are required",
    response: ZCaseFieldSettings,
  },
  {
    method: "PUT",
    path: "/admin/case-fields",
    spec: "odin",
    summary: "The agency admin sets the offense categories and whether case number and category are required",
    body: ZCaseFieldSettingsRequest,
    response: ZCaseFieldSettings,
  },
] as const satisfies readonly Endpoint[];
