import { BODY_TYPES, MESSAGES, VEHICLE_COLORS, VEHICLE_MAKES } from "@odin/contract";

/** The vocabularies a vehicle value comes from (000 §3): body type, colour, make. */
export type VehicleVocabulary = "body" | "color" | "make";

const key = (value: string) => value.trim().toLowerCase();

const LABELS: Record<VehicleVocabulary, ReadonlyMap<string, string>> = {
  body: new Map(BODY_TYPES.flatMap((type) => [[key(type.value), type.label] as const])),
  color: new Map(VEHICLE_COLORS.map(({ name }) => [key(name), name] as const)),
  make: new Map(VEHICLE_MAKES.map((make) => [key(make), make] as const)),
};

/**
 * The one way a vocabulary value is shown, everywhere (table, map popup, detail, audit log): body types
 * by their label ("sedan-standard" is "Sedan"), colours and makes in the list's own spelling ("bmw" is
 * "BMW"); a value outside the list as sent; N/A when missing.
 */
export function vehicleLabel(vocabulary: VehicleVocabulary, value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === "") return MESSAGES.notAvailable;
  return LABELS[vocabulary].get(key(value)) ?? value;
}
