import { useId, type CSSProperties } from "react";
import { Button } from "@/components/ui/button";
import type { SliderRange } from "./results-map-data";

export interface ResultsMapTimeSliderProps {
  /** Positions run 0..steps; 0 disables the slider (every result at one instant). */
  steps: number;
  value: SliderRange;
  onChange: (range: SliderRange) => void;
  /** The selected times as the results show them. */
  fromText: string;
  toText: string;
}

/**
 * The map's time-range filter: two thumbs, From and To, over one track (two native range inputs laid over
 * each other, so arrows, Page Up/Down, Home and End work and screen readers announce each thumb with its
 * time). The thumbs cannot cross: From stops at To and To at From.
 */
export function ResultsMapTimeSlider({
  steps,
  value,
  onChange,
  fromText,
  toText,
}: ResultsMapTimeSliderProps) {
  const id = useId();
  const fromId = `${id}-from`;
  const toId = `${id}-to`;
  const disabled = steps <= 0;
  const percent = (position: number) => (disabled ? 0 : (position / steps) * 100);
  const narrowed = value.from > 0 || value.to < steps;
  const trackStyle = {
    "--range-from": `${percent(value.from)}%`,
    "--range-to": `${disabled ? 100 : percent(value.to)}%`,
  } as CSSProperties;
  // Both thumbs at the far right: From must be on top or it could never be dragged back.
  const fromOnTop = value.from >= steps / 2;

  return (
    <fieldset className="map-time-range" disabled={disabled}>
      <legend className="map-time-range__legend">Time range</legend>
      <div className="map-time-range__values">
        <span className="map-time-range__value">
          <label htmlFor={fromId}>From</label> <time>{fromText}</time>
        </span>
        <span className="map-time-range__value map-time-range__value--end">
          <label htmlFor={toId}>To</label> <time>{toText}</time>
        </span>
        {narrowed && (
          <Button
            variant="ghost"
            size="sm"
            className="map-time-range__reset"
            onClick={() => onChange({ from: 0, to: steps })}
          >
            Show all times
          </Button>
        )}
      </div>
      <div className="map-time-range__track" style={trackStyle}>
        <input
          id={fromId}
          type="range"
          className={`map-time-range__input${fromOnTop ? " map-time-range__input--top" : ""}`}
          min={0}
          max={Math.max(steps, 0)}
          step={1}
          value={value.from}
          aria-valuetext={fromText}
          onChange={(event) =>
            onChange({ from: Math.min(Number(event.target.value), value.to), to: value.to })
          }
        />
        <input
          id={toId}
          type="range"
          className="map-time-range__input"
          min={0}
          max={Math.max(steps, 0)}
          step={1}
          value={disabled ? 0 : value.to}
          aria-valuetext={toText}
          onChange={(event) =>
            onChange({ from: value.from, to: Math.max(Number(event.target.value), value.from) })
          }
        />
      </div>
    </fieldset>
  );
}
