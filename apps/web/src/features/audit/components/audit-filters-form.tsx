import { AUDIT_ACTIONS, MESSAGES } from "@odin/contract";
import { useId, useState, type FormEvent } from "react";
import { DateRangeFields, FieldLabel } from "@/components/forms";
import { Button, Notice } from "@/components/ui";
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
  const [draft, setDraft] = useState(applied);
  const [invalid, setInvalid] = useState(false);
  const set = (patch: Partial<AuditFilters>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Calendar days compare as text (YYYY-MM-DD).
    const backwards = draft.start !== "" && draft.end !== "" && draft.end < draft.start;
    setInvalid(backwards);
    if (!backwards) onApply({ ...draft, plate: draft.plate.trim().toUpperCase() });
  };

  const clear = () => {
    setDraft(NO_FILTERS);
    setInvalid(false);
    onApply(NO_FILTERS);
  };

  return (
    <form className="audit-filters" onSubmit={submit} noValidate aria-label="Audit log filters">
      <DateRangeFields type="date" start={draft.start} end={draft.end} onChange={set} backwards={invalid} />
      <div className="field">
        <FieldLabel htmlFor={`${id}-plate`}>Plate</FieldLabel>
        <input
          id={`${id}-plate`}
          className="input audit-filters__plate"
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
      <div className="audit-filters__actions">
        <Button type="submit" busy={busy}>
          Apply
        </Button>
        <Button variant="secondary" onClick={clear} disabled={busy}>
          Clear
        </Button>
      </div>
      {invalid && (
        <div className="audit-filters__alert">
          <Notice tone="danger">{MESSAGES.endBeforeStart}</Notice>
        </div>
      )}
    </form>
  );
}
