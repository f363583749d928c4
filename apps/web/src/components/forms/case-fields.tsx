import { Input, Select } from "./controls";
import { CASE_NUMBER_MAX, type TCaseFieldSettings } from "@odin/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getCaseFieldSettings } from "@/lib/case-field-settings";
import { Field } from "./field";

/** The form's values: blank means not given. */
export interface CaseFieldValues {
  case_number: string;
  offense_category: string;
}

/** The fields' own errors (e.g. the server's refusal under the agency's rules), by field name. */
export type CaseFieldErrors = Partial<Record<keyof CaseFieldValues, string>>;

export const EMPTY_CASE_FIELDS: CaseFieldValues = { case_number: "", offense_category: "" };

/** The values as a request carries them (blanks undefined, so left out), for searches, exports and other queries. */
export function toCaseFieldsRequest(values: CaseFieldValues): {
  case_number: string | undefined;
  offense_category: string | undefined;
} {
  return {
    case_number: values.case_number.trim() || undefined,
    offense_category: values.offense_category.trim() || undefined,
  };
}

/** What is missing that the agency requires (null when nothing): a form's check before it sends. */
export function missingCaseFields(
  values: CaseFieldValues,
  settings: TCaseFieldSettings | undefined,
): string | null {
  if (!settings) return null;
  const missing = [
    settings.require_case_number && !values.case_number.trim() ? "a case number" : null,
    settings.require_offense_category && !values.offense_category.trim() ? "an offense category" : null,
  ].filter(Boolean);
  return missing.length ? `Your agency requires ${missing.join(" and ")}.` : null;
}

export interface CaseFieldsProps {
  values: CaseFieldValues;
  onChange: (patch: Partial<CaseFieldValues>) => void;
  /** Marks what the agency requires as invalid once a send was tried. */
  showMissing?: boolean;
  /** Each field's error, shown under it and described on its control. */
  errors?: CaseFieldErrors;
}

/**
 * The agency's case-field settings as a query: read by every form that shows the fields, invalidated
 * by the admin's save (features/admin) so the forms follow at once.
 */
export const caseFieldSettingsQuery = queryOptions({
  queryKey: ["case-field-settings"] as const,
  queryFn: () => getCaseFieldSettings(),
});

/** The agency's settings, for a screen that shows the fields. */
export const useCaseFieldSettings = () => useQuery(caseFieldSettingsQuery);

/**
 * Odin's structured justification (issue 23), beside the free-text justification on every form that
 * queries or exports records: a case or incident number and an offense category from the agency's
 * list, each required only when the agency says so.
 */
export function CaseFields({ values, onChange, showMissing = false, errors = {} }: CaseFieldsProps) {
  const { data: settings } = useCaseFieldSettings();
  const requireCase = settings?.require_case_number ?? false;
  const requireCategory = settings?.require_offense_category ?? false;
  const categories = settings?.offense_categories ?? [];
  // A value from an earlier search stays selectable even if the list changed since.
  const options =
    values.offense_category && !categories.includes(values.offense_category)
      ? [values.offense_category, ...categories]
      : categories;
  return (
    <>
      <Field
        label="Case number"
        name="case_number"
        required={requireCase}
        className="case-fields__number"
        hint={`${requireCase ? "Required by your agency." : "Optional."} Case or incident number.`}
        error={errors.case_number}
      >
        <Input
          value={values.case_number}
          onValue={(case_number) => onChange({ case_number })}
          maxLength={CASE_NUMBER_MAX}
          autoComplete="off"
          spellCheck={false}
          required={requireCase}
          aria-invalid={(showMissing && requireCase && !values.case_number.trim()) || undefined}
        />
      </Field>
      <Field
        label="Offense category"
        name="offense_category"
        required={requireCategory}
        className="case-fields__offense"
        error={errors.offense_category}
      >
        <Select
          value={values.offense_category}
          onValue={(offense_category) => onChange({ offense_category })}
          required={requireCategory}
          aria-invalid={(showMissing && requireCategory && !values.offense_category) || undefined}
        >
          <option value="">{requireCategory ? "Choose a category" : "Not given"}</option>
          {options.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}
