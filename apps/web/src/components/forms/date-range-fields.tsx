import { Input } from "./controls";
import { useId, type KeyboardEvent } from "react";
import { focusPast } from "@/lib/focus-order";
import { Field } from "./field";

export interface DateRange {
  start: string;
  end: string;
}

export interface DateRangeFieldsProps extends DateRange {
  /** "date" for calendar days (the audit log), "datetime-local" for moments (the search). */
  type: "date" | "datetime-local";
  onChange: (patch: Partial<DateRange>) => void;
  /** The end is before the start: the End field is marked invalid and described by `errorId`. */
  backwards?: boolean;
  errorId?: string;
}

/** How a date field is filled from the keyboard, read out with it (the field is one Tab stop). */
export const DATE_FIELD_HINT = {
  date: "Type the date; the arrow keys move between day, month and year.",
  "datetime-local": "Type the date and time; the arrow keys move between its parts.",
} as const;

/**
 * Issue 20 item 11: the browser's date field is one Tab stop. Chromium (and Firefox) stop at every
 * part of it (month, day, year, hour, minute, AM/PM: six stops for one field); the arrow keys already
 * move between the parts, so Tab goes on to the next control, and Shift+Tab to the previous one. The
 * native control stays (the spec's datetime-local: its picker, its typing, its validation).
 */
export function tabPastDateField(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey) return;
  if (focusPast(event.currentTarget, event.shiftKey)) event.preventDefault();
}

/** Start and End inputs side by side, as two ordinary fields of the surrounding form's grid. */
export function DateRangeFields({ type, start, end, onChange, backwards, errorId }: DateRangeFieldsProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <>
      <span id={hintId} className="visually-hidden">
        {DATE_FIELD_HINT[type]}
      </span>
      <Field label="Start" name="start" describedBy={hintId}>
        <Input
          type={type}
          value={start}
          onValue={(start) => onChange({ start })}
          onKeyDown={tabPastDateField}
        />
      </Field>
      {/* The range's error (the end before the start) is the surrounding form's, shown once under it. */}
      <Field label="End" name="end" describedBy={backwards && errorId ? `${errorId} ${hintId}` : hintId}>
        <Input
          type={type}
          value={end}
          onValue={(end) => onChange({ end })}
          onKeyDown={tabPastDateField}
          aria-invalid={backwards || undefined}
        />
      </Field>
    </>
  );
}
