import { AUDIT_ACTIONS, ZAuditLogQuery } from "@odin/contract";
import { Field, FilterBar, Input, PlateInput, Options } from "@/components/forms";
import { maxLengthOf } from "@/lib/forms/limits";
import type { AuditFilters } from "../api/audit-logs";

const AUDIT_FILTER_LIMITS = {
  plate: maxLengthOf(ZAuditLogQuery.shape.plate),
  case_number: maxLengthOf(ZAuditLogQuery.shape.case_number),
  username: maxLengthOf(ZAuditLogQuery.shape.username),
};

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
          <Field label="Case number" name="caseNumber">
            <Input
              className="audit-filters__case"
              {...bind("caseNumber")}
              maxLength={AUDIT_FILTER_LIMITS.case_number}
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
          <Field label="User" name="username">
            <Input
              className="audit-filters__user"
              {...bind("username")}
              maxLength={AUDIT_FILTER_LIMITS.username}
              autoComplete="off"
              spellCheck={false}
              placeholder="Username"
            />
          </Field>
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
