import { MESSAGES } from "@odin/contract";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button, Notice } from "@/components/ui";
import { DateRangeFields } from "./date-range-fields";

/** Filters are text fields: what a form holds before it is applied. */
export type FilterValues<F> = { [K in keyof F]: string };

export interface FilterBarFields<F> {
  draft: F;
  set: (patch: Partial<F>) => void;
  /** The Start and End fields, for the caller to place among its own. */
  range: ReactNode;
}

export interface FilterBarProps<F extends FilterValues<F>> {
  /** The form's accessible name ("Audit log filters"). */
  label: string;
  /** Extra class of the bar (its own column width, e.g. alert-filters). */
  className?: string;
  applied: F;
  /** What Clear applies. */
  empty: F;
  /** Which two filters are the date range, and whether they are days or moments. */
  range: { start: keyof F; end: keyof F; type: "date" | "datetime-local" };
  /** Tidies the draft before it is applied (trims, upper-cases a plate). */
  normalise?: (draft: F) => F;
  busy?: boolean;
  onApply: (filters: F) => void;
  children: (fields: FilterBarFields<F>) => ReactNode;
}

/**
 * A list's filters in a bar (the audit log, a group's alert history): a draft the fields edit, Apply and
 * Clear, and the date range checked before anything is applied (an end before its start is refused
 * with the spec's message; days and moments compare as text, YYYY-MM-DD[THH:MM]).
 */
export function FilterBar<F extends FilterValues<F>>({
  label,
  className,
  applied,
  empty,
  range,
  normalise = (draft) => draft,
  busy = false,
  onApply,
  children,
}: FilterBarProps<F>) {
  const id = useId();
  const [draft, setDraft] = useState(applied);
  const [invalid, setInvalid] = useState(false);
  const set = (patch: Partial<F>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const start = draft[range.start];
    const end = draft[range.end];
    const backwards = start !== "" && end !== "" && end < start;
    setInvalid(backwards);
    if (!backwards) onApply(normalise(draft));
  };
  const clear = () => {
    setDraft(empty);
    setInvalid(false);
    onApply(empty);
  };

  const rangeFields = (
    <DateRangeFields
      type={range.type}
      start={draft[range.start]}
      end={draft[range.end]}
      onChange={(patch) =>
        set({
          ...(patch.start !== undefined ? { [range.start]: patch.start } : {}),
          ...(patch.end !== undefined ? { [range.end]: patch.end } : {}),
        } as Partial<F>)
      }
      backwards={invalid}
      errorId={`${id}-order`}
    />
  );

  return (
    <form
      className={["filter-bar", className].filter(Boolean).join(" ")}
      onSubmit={submit}
      noValidate
      aria-label={label}
    >
      {children({ draft, set, range: rangeFields })}
      <div className="filter-bar__actions">
        <Button type="submit" busy={busy}>
          Apply
        </Button>
        <Button variant="secondary" onClick={clear} disabled={busy}>
          Clear
        </Button>
      </div>
      {invalid && (
        <div id={`${id}-order`} className="filter-bar__alert">
          <Notice tone="danger">{MESSAGES.endBeforeStart}</Notice>
        </div>
      )}
    </form>
  );
}
