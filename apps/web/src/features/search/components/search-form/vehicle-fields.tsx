import { BODY_TYPES, US_STATES, VEHICLE_COLORS, VEHICLE_MAKES, type TPlateMatch } from "@odin/contract";
import { useId, type ReactNode } from "react";
import type { SearchForm } from "../../search-params";
import { FieldLabel } from "@/components/forms";

interface Option {
  value: string;
  label: string;
}

const STATE_OPTIONS: Option[] = US_STATES.map(({ abbreviation, name }) => ({
  value: abbreviation,
  label: name,
}));
const COLOR_OPTIONS: Option[] = VEHICLE_COLORS.map(({ name, rekorOnly }) => ({
  value: name,
  label: rekorOnly ? `${name} (Rekor only)` : name,
}));
const MAKE_OPTIONS: Option[] = VEHICLE_MAKES.map((make) => ({ value: make, label: make }));
const MATCH_OPTIONS: { value: TPlateMatch; label: string }[] = [
  { value: "similar", label: "Similar" },
  { value: "partial", label: "Partial" },
  { value: "exact", label: "Exact" },
];
const BODY_TYPE_OPTIONS: Option[] = BODY_TYPES.map(({ value, label }) => ({ value, label }));

export type VehicleValues = Pick<
  SearchForm,
  "plate" | "match" | "plate_state" | "vehicle_color" | "vehicle_make" | "vehicle_body_type"
>;

export interface VehicleFieldsProps {
  values: VehicleValues;
  onChange: (patch: Partial<VehicleValues>) => void;
  /** Shown right after the plate, before the match: the justification. */
  afterPlate?: ReactNode;
  /** Shown after the match, before state, colour, make and body type: the case fields. */
  afterMatch?: ReactNode;
}

/** Plate, state, colour, make and body type; everything is optional (000 §5). */
export function VehicleFields({ values, onChange, afterPlate, afterMatch }: VehicleFieldsProps) {
  const id = useId();
  return (
    <div className="search-vehicle">
      <div className="field search-vehicle__plate">
        <FieldLabel htmlFor={`${id}-plate`}>License plate</FieldLabel>
        <input
          id={`${id}-plate`}
          className="input plate search-plate-input"
          value={values.plate}
          onChange={(event) => onChange({ plate: event.target.value })}
          maxLength={20}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-plate-hint`}
        />
        <span id={`${id}-plate-hint`} className="field__hint">
          Partial plates and * ? wildcards work.
        </span>
      </div>
      {afterPlate}
      <div className="field search-vehicle__match">
        <FieldLabel htmlFor={`${id}-match`}>Match</FieldLabel>
        <select
          id={`${id}-match`}
          className="select"
          value={values.match}
          onChange={(event) => onChange({ match: event.target.value as TPlateMatch })}
          aria-describedby={`${id}-match-hint`}
        >
          {MATCH_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <span id={`${id}-match-hint`} className="field__hint">
          Similar also finds misreads (O/0, B/8, a missing character).
        </span>
      </div>
      {afterMatch}
      <SelectField
        label="State"
        placeholder="Any state"
        options={STATE_OPTIONS}
        value={values.plate_state}
        onChange={(plate_state) => onChange({ plate_state })}
      />
      <SelectField
        label="Color"
        placeholder="Any color"
        options={COLOR_OPTIONS}
        value={values.vehicle_color}
        onChange={(vehicle_color) => onChange({ vehicle_color })}
      />
      <SelectField
        label="Make"
        placeholder="Any make"
        options={MAKE_OPTIONS}
        value={values.vehicle_make}
        onChange={(vehicle_make) => onChange({ vehicle_make })}
      />
      <SelectField
        label="Body type"
        placeholder="Any body type"
        options={BODY_TYPE_OPTIONS}
        value={values.vehicle_body_type}
        onChange={(vehicle_body_type) => onChange({ vehicle_body_type })}
      />
    </div>
  );
}

interface SelectFieldProps {
  label: string;
  placeholder: string;
  options: Option[];
  value: string;
  onChange: (value: string) => void;
}

function SelectField({ label, placeholder, options, value, onChange }: SelectFieldProps) {
  const id = useId();
  // A refined search may carry a value no longer offered: show it rather than send it unseen.
  const shown =
    value && !options.some((option) => option.value === value)
      ? [...options, { value, label: value }]
      : options;
  return (
    <div className="field">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <select id={id} className="select" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{placeholder}</option>
        {shown.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
