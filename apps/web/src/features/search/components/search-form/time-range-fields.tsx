import { MESSAGES, TIME_PRESETS, type TimePresetLabel } from "@odin/contract";
import { useId } from "react";
import { DateRangeFields } from "@/components/forms";
import { ClockIcon } from "@/components/ui";
import { fromLocalInput, presetRange, rangeLabel, type SearchForm } from "../../search-params";

export type TimeRangeValues = Pick<SearchForm, "preset" | "start" | "end">;

export interface TimeRangeFieldsProps {
  values: TimeRangeValues;
  onChange: (patch: Partial<TimeRangeValues>) => void;
}

/**
 * The presets as toggle buttons with the range label under them, and the custom start and end.
 * A preset sets the range ending now and is marked; editing a date clears the mark (000 §4).
 */
export function TimeRangeFields({ values, onChange }: TimeRangeFieldsProps) {
  const id = useId();
  const choose = (preset: TimePresetLabel) => onChange({ ...presetRange(preset), preset });
  const start = fromLocalInput(values.start);
  const end = fromLocalInput(values.end);
  const backwards = start !== null && end !== null && end < start;

  return (
    <div className="search-time">
      <div className="search-time__presets" role="group" aria-label="Time range presets">
        {TIME_PRESETS.map(({ label }) => (
          <button
            key={label}
            type="button"
            className="search-time__preset"
            aria-pressed={values.preset === label}
            onClick={() => choose(label)}
          >
            {label}
          </button>
        ))}
      </div>
      <p id={`${id}-label`} className="search-time__label" aria-live="polite">
        <ClockIcon className="search-time__icon" />
        <span>{rangeLabel(values)}</span>
      </p>
      <div className="search-time__custom">
        <DateRangeFields
          type="datetime-local"
          start={values.start}
          end={values.end}
          onChange={(patch) => onChange({ ...patch, preset: null })}
          backwards={backwards}
          errorId={`${id}-order`}
        />
      </div>
      {backwards && (
        <p id={`${id}-order`} className="field__error">
          {MESSAGES.endBeforeStart}
        </p>
      )}
    </div>
  );
}
