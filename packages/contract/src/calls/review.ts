import { z } from "zod";
import { ZBooleanInput, ZIdParams, requiredText } from "../common";
import type { Endpoint } from "../endpoint";

/**
 * Odin's own supervisor review (issue 23 item 2): what in the agency's audit log deserves a second
 * look, each flag with the rule that raised it. Computed from the audit log on every call.
 */
export const REVIEW_RULES = [
  { value: "missing_case_number", label: "Search without a case number (your agency requires one)" },
  { value: "volume", label: "Searches far above the user's usual daily count" },
  { value: "repeated_plate", label: "Same plate searched repeatedly without a case number" },
  { value: "off_hours", label: "Search outside the user's usual hours" },
  { value: "large_export", label: "Export of many records" },
] as const;
export type TReviewRule = (typeof REVIEW_RULES)[number]["value"];

/** The rules' thresholds, fixed and stated on the screen so a reviewer knows why a flag is there. */
export const REVIEW_THRESHOLDS = {
  /** A day is flagged at this many searches or more, and at least VOLUME_FACTOR x the user's daily mean. */
  volumeMinimum: 20,
  volumeFactor: 5,
  /** Days before the flagged day the usual count and hours are taken from. */
  baselineDays: 30,
  /** Searches of one plate by one user without a case number within the window. */
  repeatedPlate: 3,
  /** The usual hours are known once the user searched this many times in the baseline. */
  offHoursBaseline: 20,
  /** An export of this many records or more. */
  largeExport: 100,
} as const;

export const ZReviewQuery = z.object({
  days: z.coerce.number().int().min(1).max(90).default(30),
});
export type TReviewQuery = z.infer<typeof ZReviewQuery>;

export const ZReviewFlag = z.object({
  key: z.string(),
  rule: z.enum(REVIEW_RULES.map((rule) => rule.value) as [TReviewRule, ...TReviewRule[]]),
  /** Why this flag is raised, in a sentence with its figures. */
  reason: z.string(),
  user: z.string(),
  occurred_at: z.iso.datetime({ offset: true }),
  plate: z.string().nullable(),
  reviewed: z.object({ by: z.string(), at: z.iso.datetime({ offset: true }), note: z.string() }).nullable(),
});
export type TReviewFlag = z.infer<typeof ZReviewFlag>;

export const ZReviewResponse = z.object({
  days: z.number().int(),
  flags: z.array(ZReviewFlag),
});
export type TReviewResponse = z.infer<typeof ZReviewResponse>;

export const ZMarkReviewedRequest = z.object({
  key: z.string().trim().min(1).max(200),
  note: requiredText("A note is required.", 2000),
});

export const ZAuditorFlagRequest = z.object({ auditor: ZBooleanInput });

export const REVIEW_ENDPOINTS = [
  {
    method: "GET",
    path: "/review/flags",
    spec: "odin",
    summary:
      "Supervisor review: the agency's searches and exports that deserve a second look, with their rule",
    query: ZReviewQuery,
    response: ZReviewResponse,
  },
  {
    method: "POST",
    path: "/review/flags/reviewed",
    spec: "odin",
    summary: "Marks one review flag reviewed with a note (audited)",
    body: ZMarkReviewedRequest,
    response: ZReviewFlag.shape.reviewed.unwrap(),
  },
  {
    method: "PUT",
    path: "/admin/users/:id/auditor",
    spec: "odin",
    summary: "Gives or takes a user's auditor flag (supervisor review screen); audited",
    params: ZIdParams,
    body: ZAuditorFlagRequest,
    response: z.object({ auditor: z.boolean() }),
  },
] as const satisfies readonly Endpoint[];
