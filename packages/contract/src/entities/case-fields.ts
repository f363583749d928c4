import { z } from "zod";
import { optionalText } from "../common";

/**
 * Odin's own structured justification (issue 23): a case or incident number and an offense category,
 * sent beside the specs' free-text `justification` (which stays as it is) on searches and exports.
 * Both optional unless the agency requires them (GET /case-fields says which).
 */
export const CASE_NUMBER_MAX = 60;
export const OFFENSE_CATEGORY_MAX = 80;

/** Case numbers are upper-cased, as plates are, so "2026-ab12" and "2026-AB12" are one case. */
export const ZCaseNumber = optionalText(CASE_NUMBER_MAX).transform((value) => value?.toUpperCase());

export const ZCaseFields = z.object({
  case_number: ZCaseNumber.optional(),
  offense_category: optionalText(OFFENSE_CATEGORY_MAX).optional(),
});
export type TCaseFields = z.infer<typeof ZCaseFields>;

/**
 * The offense categories an agency starts with: the NIBRS Group A offense categories (FBI UCR
 * program), plus the non-criminal reasons an LPR search is also run for. The agency admin may
 * replace the list.
 */
export const DEFAULT_OFFENSE_CATEGORIES = [
  "Animal cruelty",
  "Arson",
  "Assault offenses",
  "Bribery",
  "Burglary/breaking and entering",
  "Counterfeiting/forgery",
  "Destruction/damage/vandalism of property",
  "Drug/narcotic offenses",
  "Embezzlement",
  "Extortion/blackmail",
  "Fraud offenses",
  "Gambling offenses",
  "Homicide offenses",
  "Human trafficking",
  "Kidnapping/abduction",
  "Larceny/theft offenses",
  "Motor vehicle theft",
  "Pornography/obscene material",
  "Prostitution offenses",
  "Robbery",
  "Sex offenses",
  "Stolen property offenses",
  "Weapon law violations",
  "Missing or endangered person (AMBER/Silver alert)",
  "Warrant service",
  "Other",
] as const;

/** What the search and export screens need to know: the list and whether each field is required. */
export const ZCaseFieldSettings = z.object({
  require_case_number: z.boolean(),
  require_offense_category: z.boolean(),
  offense_categories: z.array(z.string()),
});
export type TCaseFieldSettings = z.infer<typeof ZCaseFieldSettings>;

/** PUT /admin/case-fields: the admin's list (blank lines dropped, duplicates removed); empty means the defaults. */
export const ZCaseFieldSettingsRequest = z.object({
  require_case_number: z.boolean(),
  require_offense_category: z.boolean(),
  offense_categories: z
    .array(z.string().trim().max(OFFENSE_CATEGORY_MAX))
    .max(200)
    .transform((list) => [...new Set(list.filter((item) => item !== ""))]),
});
export type TCaseFieldSettingsRequest = z.input<typeof ZCaseFieldSettingsRequest>;
