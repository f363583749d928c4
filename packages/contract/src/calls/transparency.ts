import { z } from "zod";
import { ZIsoDateTime, ZSourceProgram } from "../common";
import type { Endpoint } from "../endpoint";

/**
 * Odin's own public transparency page (issue 23 item 3): what an agency publishes about its use of
 * licence-plate readers, computed from Odin's tables. Off until the agency's admin turns it on; the
 * admin chooses the sections and writes the policy text. An agency that is off, deactivated or
 * unknown answers the same 404.
 */
export const TRANSPARENCY_SECTIONS = [
  { value: "cameras", label: "Cameras by vendor" },
  { value: "retention", label: "What is kept and for how long" },
  { value: "hotlists", label: "Hotlists and their alerts by source" },
  { value: "activity", label: "Searches and exports in the last 30 days" },
  { value: "sharing", label: "Agencies it shares with" },
  { value: "policy", label: "Policy" },
] as const;
export type TTransparencySection = (typeof TRANSPARENCY_SECTIONS)[number]["value"];
export const ZTransparencySection = z.enum(
  TRANSPARENCY_SECTIONS.map((section) => section.value) as [TTransparencySection, ...TTransparencySection[]],
);

/** The window of the activity figures. */
export const TRANSPARENCY_ACTIVITY_DAYS = 30;
/** The longest policy text an admin may write. */
export const TRANSPARENCY_POLICY_MAX = 20_000;
export const TRANSPARENCY_NOT_FOUND = "This agency does not publish a transparency page.";

export const ZTransparencyPage = z.object({
  agency: z.object({ name: z.string(), code: z.string() }),
  /** When the figures were computed (they are cached briefly). */
  generated_at: ZIsoDateTime,
  /** The sections the agency shows, in the page's order; a section not listed is absent below. */
  sections: z.array(ZTransparencySection),
  cameras: z
    .array(
      z.object({
        source: ZSourceProgram,
        /** Fixed cameras (Rekor, RAVEN); patrol-car cameras reached through an Axon integration are not counted. */
        cameras: z.number().int(),
        /** Connected accounts or push sources of this vendor. */
        integrations: z.number().int(),
      }),
    )
    .optional(),
  retention: z
    .array(
      z.object({
        record: z.enum(["reads", "alerts", "audit"]),
        source: ZSourceProgram.nullable(),
        /** Days kept by Odin; null: Odin keeps none (read live from the vendor) or keeps them indefinitely. */
        days: z.number().int().nullable(),
        description: z.string(),
      }),
    )
    .optional(),
  hotlists: z
    .object({
      groups: z.number().int(),
      plates: z.number().int(),
      /** Alerts raised in the last 30 days, by the source of the read that matched. */
      alerts_by_source: z.array(z.object({ source: ZSourceProgram, alerts: z.number().int() })),
    })
    .optional(),
  activity: z
    .object({
      days: z.number().int(),
      searches: z.number().int(),
      /** Of those, searches that named a case or incident number. */
      searches_with_case_number: z.number().int(),
      exports: z.number().int(),
      exported_records: z.number().int(),
    })
    .optional(),
  sharing: z
    .object({
      /** Agencies allowed to search this agency's cameras (RAVEN shares, Axon authorizations). */
      shares_with: z.array(z.object({ name: z.string(), sources: z.array(ZSourceProgram) })),
    })
    .optional(),
  /** Plain text; the web app shows it as text, never as HTML. */
  policy: z.string().nullable().optional(),
});
export type TTransparencyPage = z.infer<typeof ZTransparencyPage>;

export const ZTransparencyIndex = z.object({
  agencies: z.array(z.object({ name: z.string(), code: z.string() })),
});
export type TTransparencyIndex = z.infer<typeof ZTransparencyIndex>;

export const ZTransparencyParams = z.object({ code: z.string().max(64) });

export const ZTransparencySettings = z.object({
  enabled: z.boolean(),
  sections: z.array(ZTransparencySection),
  policy: z.string(),
  /** The agency's code: the page is /transparency/{code}. */
  code: z.string(),
});
export type TTransparencySettings = z.infer<typeof ZTransparencySettings>;

export const ZTransparencySettingsRequest = z.object({
  enabled: z.boolean(),
  sections: z.array(ZTransparencySection).max(TRANSPARENCY_SECTIONS.length),
  policy: z
    .string()
    .trim()
    .max(TRANSPARENCY_POLICY_MAX, `The policy text is at most ${TRANSPARENCY_POLICY_MAX} characters.`),
});
export type TTransparencySettingsRequest = z.input<typeof ZTransparencySettingsRequest>;

export const TRANSPARENCY_ENDPOINTS = [
  {
    method: "GET",
    path: "/transparency-data",
    spec: "odin",
    summary: "The agencies that publish a transparency page (public)",
    response: ZTransparencyIndex,
    public: true,
  },
  {
    method: "GET",
    path: "/transparency-data/:code",
    spec: "odin",
    summary: "One agency's public transparency page; 404 alike when off, deactivated or unknown",
    params: ZTransparencyParams,
    response: ZTransparencyPage,
    public: true,
  },
  {
    method: "GET",
    path: "/admin/transparency",
    spec: "odin",
    summary: "The agency admin's transparency page settings",
    response: ZTransparencySettings,
  },
  {
    method: "PUT",
    path: "/admin/transparency",
    spec: "odin",
    summary:
      "The agency admin turns the transparency page on or off, chooses its sections, writes its policy; audited",
    body: ZTransparencySettingsRequest,
    response: ZTransparencySettings,
  },
] as const satisfies readonly Endpoint[];
