import {
  BODY_TYPES,
  US_STATES,
  VEHICLE_COLORS,
  VEHICLE_MAKES,
  ZSearchRequestFields,
  type TPlateMatch,
} from "@odin/contract";
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
/** The match modes as the form and the recent searches name them. */
export const MATCH_LABELS: Record<TPlateMatch, string> = {
  similar: "Similar",
  partial: "Partial",
  exact: "Exact",
};
const MATCH_OPTIONS = (["similar", "partial", "exact"] as const).map((value) => ({
  value,
  label: MATCH_LABELS[value],
}));
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
  "plate_state" | "vehicle_color" | "vehicle_make" | "vehicle_body_type"
>;

/** A chosen vehicle value as its select shows it ("Connecticut" for CT, "Coupe" for sedan-sports). */
export function vehicleValueLabel(name: keyof VehicleValues, value: string): string {
  const select = VEHICLE_SELECTS.find((entry) => entry.name === name)!;
  return select.options.find((option) => option.value === value)?.label ?? value;
}

/** The names of the vehicle selects, in the form's order, with their labels. */
export const VEHICLE_FIELD_LABELS = VEHICLE_SELECTS.map(({ name, label }) => ({ name, label }));

export interface PlateFieldProps {
  plate: string;
  onChange: (plate: string) => void;
}

/** The plate: the form's first field. */
export function PlateField({ plate, onChange }: PlateFieldProps) {
  return (
    <Field
      label="License plate"
      name="plate"
      className="search-main__plate"
      hint="Partial plates and * ? wildcards work."
    >
      <PlateInput className="search-plate-input" value={plate} onValue={onChange} maxLength={PLATE_MAX} />
    </Field>
  );
}

export interface MatchFieldProps {
  match: TPlateMatch;
  onChange: (match: TPlateMatch) => void;
}

/** How the plate is compared (Odin's addition, issue 19). */
export function MatchField({ match, onChange }: MatchFieldProps) {
  return (
    <Field
      label="Match"
      name="match"
      className="search-main__match"
      hint="Similar also finds misreads (O/0, B/8, a missing character)."
    >
      <Select value={match} onValue={(value) => onChange(value as TPlateMatch)}>
        <Options options={MATCH_OPTIONS} />
      </Select>
    </Field>
  );
}

export interface VehicleFieldsProps {
  values: VehicleValues;
  onChange: (patch: Partial<VehicleValues>) => void;
}

/** State, colour, make and body type (000 §2); each optional (000 §5), "any" when none is chosen. */
export function VehicleFields({ values, onChange }: VehicleFieldsProps) {
  return (
    <div className="search-vehicle">
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
