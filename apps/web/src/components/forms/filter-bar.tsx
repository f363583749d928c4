import { MESSAGES } from "@odin/contract";
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button, buttonClassName, Notice } from "@/components/ui";
import { useNarrowScreen } from "@/lib/use-narrow-screen";
import { binder } from "@/lib/forms/bind";
import { DateRangeFields } from "./date-range-fields";

/** Filters are text fields: what a form holds before it is applied. */
export type FilterValues<F> = { [K in keyof F]: string };

export interface FilterBarFields<F extends object> {
  draft: F;
  set: (patch: Partial<F>) => void;
  /** A text filter's value and change handler by its name: `<Input {...bind("plate")} />`. */
  bind: ReturnType<typeof binder<F>>;
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
  /**
   * Behind a "Filters" disclosure button that says how many filters are applied: folded on a phone
   * (lib/use-narrow-screen) so that the list shows on the first screen, open on a wide one. Once the
   * user opens or closes it, it stays so; on a phone, Apply and Clear fold it again.
   */
  collapsible?: boolean;
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
  collapsible = false,
  onApply,
  children,
}: FilterBarProps<F>) {
  const id = useId();
  const [draft, setDraft] = useState(applied);
  const [invalid, setInvalid] = useState(false);
  const set = (patch: Partial<F>) => setDraft((current) => ({ ...current, ...patch }));
  const narrow = useNarrowScreen();
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = !collapsible || (chosen ?? !narrow);
  const toggle = useRef<HTMLButtonElement>(null);
  const active = (Object.keys(empty) as (keyof F)[]).filter((key) => applied[key] !== empty[key]).length;

  /** On a phone the applied list matters next: fold the filters, focus back on their button. */
  const applyFilters = (filters: F) => {
    onApply(filters);
    if (collapsible && narrow) {
      setChosen(false);
      toggle.current?.focus();
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const start = draft[range.start];
    const end = draft[range.end];
    const backwards = start !== "" && end !== "" && end < start;
    setInvalid(backwards);
    if (!backwards) applyFilters(normalise(draft));
  };
  const clear = () => {
    setDraft(empty);
    setInvalid(false);
    applyFilters(empty);
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

  const form = (
    <form
      id={`${id}-form`}
      className={["filter-bar", className].filter(Boolean).join(" ")}
      onSubmit={submit}
      noValidate
      aria-label={label}
      hidden={!open}
    >
      {children({ draft, set, bind: binder(draft, set), range: rangeFields })}
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
  if (!collapsible) return form;
  return (
    <>
      <button
        ref={toggle}
        type="button"
        className={buttonClassName("secondary", "sm", "filter-bar__toggle")}
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => setChosen(!open)}
      >
        <span className="filter-bar__chevron" aria-hidden="true" />
        Filters
        {active > 0 && (
          <span className="filter-bar__count">
            <span className="visually-hidden">, </span>
            {active} active
          </span>
        )}
      </button>
      {form}
    </>
  );
}
