import {
  BODY_TYPES,
  US_STATES,
  VEHICLE_COLORS,
  VEHICLE_MAKES,
  ZSearchRequestFields,
  type TPlateMatch,
} from "@odin/contract";
import { type ReactNode } from "react";
import type { SearchForm } from "../../search-params";
import { Field, PlateInput, Select, Options } from "@/components/forms";
import { maxLengthOf } from "@/lib/forms/limits";

const PLATE_MAX = maxLengthOf(ZSearchRequestFields.shape.plate);

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

/** State, colour, make and body type: a choice each, "any" when none is chosen. */
const VEHICLE_SELECTS: {
  name: "plate_state" | "vehicle_color" | "vehicle_make" | "vehicle_body_type";
  label: string;
  placeholder: string;
  options: Option[];
}[] = [
  { name: "plate_state", label: "State", placeholder: "Any state", options: STATE_OPTIONS },
  { name: "vehicle_color", label: "Color", placeholder: "Any color", options: COLOR_OPTIONS },
  { name: "vehicle_make", label: "Make", placeholder: "Any make", options: MAKE_OPTIONS },
  { name: "vehicle_body_type", label: "Body type", placeholder: "Any body type", options: BODY_TYPE_OPTIONS },
];

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
  return (
    <div className="search-vehicle">
      <Field
        label="License plate"
        name="plate"
        className="search-vehicle__plate"
        hint="Partial plates and * ? wildcards work."
      >
        <PlateInput
          className="search-plate-input"
          value={values.plate}
          onValue={(plate) => onChange({ plate })}
          maxLength={PLATE_MAX}
        />
      </Field>
      {afterPlate}
      <Field
        label="Match"
        name="match"
        className="search-vehicle__match"
        hint="Similar also finds misreads (O/0, B/8, a missing character)."
      >
        <Select value={values.match} onValue={(value) => onChange({ match: value as TPlateMatch })}>
          <Options options={MATCH_OPTIONS} />
        </Select>
      </Field>
      {afterMatch}
      {VEHICLE_SELECTS.map(({ name, label, placeholder, options }) => (
        <SelectField
          key={name}
          {...{ name, label, placeholder, options }}
          value={values[name]}
          onChange={(value) => onChange({ [name]: value })}
        />
      ))}
    </div>
  );
}

interface SelectFieldProps {
  label: string;
  name: keyof VehicleValues;
  placeholder: string;
  options: Option[];
  value: string;
  onChange: (value: string) => void;
}

function SelectField({ label, name, placeholder, options, value, onChange }: SelectFieldProps) {
  // A refined search may carry a value no longer offered: show it rather than send it unseen.
  const shown =
    value && !options.some((option) => option.value === value)
      ? [...options, { value, label: value }]
      : options;
  return (
    <Field label={label} name={name}>
      <Select value={value} onValue={onChange}>
        <option value="">{placeholder}</option>
        <Options options={shown} />
      </Select>
    </Field>
  );
}
