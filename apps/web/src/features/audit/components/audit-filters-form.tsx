import { AUDIT_ACTIONS, ZAuditLogQuery } from "@odin/contract";
import { Field, FilterBar, Input, PlateInput, Options } from "@/components/forms";
import { maxLengthOf } from "@/lib/forms/limits";
import type { AuditFilters } from "../api/audit-logs";

const AUDIT_FILTER_LIMITS = {
  plate: maxLengthOf(ZAuditLogQuery.shape.plate),
  caseNumber: maxLengthOf(ZAuditLogQuery.shape.case_number),
  username: maxLengthOf(ZAuditLogQuery.shape.username),
};

/** The free-text filters after the plate: Odin's case number (issue 23) and user (issue 40 item 8). */
const TEXT_FILTERS = [
  { label: "Case number", name: "caseNumber", className: "audit-filters__case", placeholder: undefined },
  { label: "User", name: "username", className: "audit-filters__user", placeholder: "Username" },
] as const;

const NO_FILTERS: AuditFilters = { start: "", end: "", plate: "", action: "", caseNumber: "", username: "" };

/** Start, end and plate (001 §2), and Odin's case number, user and action; applying them goes back to page 1. */
export function AuditFiltersForm({
  applied,
  busy,
  onApply,
}: {
  applied: AuditFilters;
  busy: boolean;
  onApply: (filters: AuditFilters) => void;
}) {
  return (
    <FilterBar
      label="Audit log filters"
      className="audit-filters"
      applied={applied}
      empty={NO_FILTERS}
      range={{ start: "start", end: "end", type: "date" }}
      normalise={(draft) => ({ ...draft, plate: draft.plate.trim().toUpperCase() })}
      busy={busy}
      onApply={onApply}
    >
      {({ draft, set, bind, range }) => (
        <>
          {range}
          <Field label="Plate" name="plate">
            <PlateInput
              className="audit-filters__plate"
              {...bind("plate")}
              maxLength={AUDIT_FILTER_LIMITS.plate}
            />
          </Field>
          {TEXT_FILTERS.map(({ label, name, className, placeholder }) => (
            <Field key={name} label={label} name={name}>
              <Input
                className={className}
                {...bind(name)}
                maxLength={AUDIT_FILTER_LIMITS[name]}
                autoComplete="off"
                spellCheck={false}
                placeholder={placeholder}
              />
            </Field>
          ))}
          <Field label="Action" name="action">
            <select
              className="input audit-filters__action"
              value={draft.action}
              onChange={(event) => set({ action: event.target.value })}
            >
              <option value="">All actions</option>
              <Options options={AUDIT_ACTIONS} />
            </select>
          </Field>
        </>
      )}
    </FilterBar>
  );
}
