import { AUDIT_ACTIONS } from "@odin/contract";
import { useId } from "react";
import { FieldLabel, FilterBar } from "@/components/forms";
import type { AuditFilters } from "../api/audit-logs";

const NO_FILTERS: AuditFilters = { start: "", end: "", plate: "", action: "", caseNumber: "" };

/** Start, end and plate (001 §2), and Odin's action; applying them goes back to page 1. */
export function AuditFiltersForm({
  applied,
  busy,
  onApply,
}: {
  applied: AuditFilters;
  busy: boolean;
  onApply: (filters: AuditFilters) => void;
}) {
  const id = useId();
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
      {({ draft, set, range }) => (
        <>
          {range}
          <div className="field">
            <FieldLabel htmlFor={`${id}-plate`}>Plate</FieldLabel>
            <input
              id={`${id}-plate`}
              className="input plate audit-filters__plate"
              value={draft.plate}
              onChange={(event) => set({ plate: event.target.value })}
              maxLength={20}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <div className="field">
            <FieldLabel htmlFor={`${id}-case`}>Case number</FieldLabel>
            <input
              id={`${id}-case`}
              className="input audit-filters__case"
              value={draft.caseNumber}
              onChange={(event) => set({ caseNumber: event.target.value })}
              maxLength={60}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <div className="field">
            <FieldLabel htmlFor={`${id}-action`}>Action</FieldLabel>
            <select
              id={`${id}-action`}
              className="input audit-filters__action"
              value={draft.action}
              onChange={(event) => set({ action: event.target.value })}
            >
              <option value="">All actions</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action.value} value={action.value}>
                  {action.label}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
    </FilterBar>
  );
}
