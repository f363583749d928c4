import { useId } from "react";
import { FieldLabel } from "./field-label";

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

/** Start and End inputs side by side, as two ordinary fields of the surrounding form's grid. */
export function DateRangeFields({ type, start, end, onChange, backwards, errorId }: DateRangeFieldsProps) {
  const id = useId();
  return (
    <>
      <div className="field">
        <FieldLabel htmlFor={`${id}-start`}>Start</FieldLabel>
        <input
          id={`${id}-start`}
          className="input"
          type={type}
          value={start}
          onChange={(event) => onChange({ start: event.target.value })}
        />
      </div>
      <div className="field">
        <FieldLabel htmlFor={`${id}-end`}>End</FieldLabel>
        <input
          id={`${id}-end`}
          className="input"
          type={type}
          value={end}
          onChange={(event) => onChange({ end: event.target.value })}
          aria-invalid={backwards || undefined}
          aria-describedby={backwards ? errorId : undefined}
        />
      </div>
    </>
  );
}
