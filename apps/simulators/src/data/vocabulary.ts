import type { BodyTypeValue, VehicleColor } from "@odin/contract";
import { commonColor, type Vehicle } from "./vehicles";

/**
 * Each vendor names colours, makes and body types its own way; these functions turn a vehicle in
 * Odin's vocabulary into the vendor's. The adapters must map back (docs/vendors/*.md list the tables).
 */

/** Rekor (OpenALPR classifier): lower case, "/" and spaces become "-" ("silver-gray", "land-rover"). */
export const rekorVocabulary = {
  color: (color: VehicleColor): string => color.toLowerCase().replace("/", "-"),
  make: (vehicle: Vehicle): string => slug(vehicle.make),
  makeModel: (vehicle: Vehicle): string => `${slug(vehicle.make)}_${slug(vehicle.model)}`,
  /** OpenALPR splits SUVs into standard and crossover and spells motorcycle in lower case. */
  bodyType: (vehicle: Vehicle, crossover: boolean): string => {
    if (vehicle.bodyType === "SUV") return crossover ? "suv-crossover" : "suv-standard";
    if (vehicle.bodyType === "Motorcycle") return "motorcycle";
    return vehicle.bodyType;
  },
};

const AXON_BODY: Record<BodyTypeValue, string> = {
  "sedan-standard": "Sedan",
  "sedan-convertible": "Convertible",
  "sedan-wagon": "Wagon",
  "sedan-sports": "Coupe",
  "sedan-compact": "Hatchback",
  SUV: "SUV",
  "truck-standard": "Pickup",
  "tractor-trailer": "Semi",
  "van-full": "Van",
  "van-mini": "Minivan",
  Motorcycle: "Motorcycle",
};

/** Axon (an assumption, see docs/vendors/axon.md): title case, silver and gray told apart. */
export const axonVocabulary = {
  color: (color: VehicleColor, silverish: boolean): string => {
    const common = commonColor(color);
    return common === "Silver/Gray" ? (silverish ? "Silver" : "Gray") : common;
  },
  bodyType: (bodyType: BodyTypeValue): string => AXON_BODY[bodyType],
};

const AXIS_TYPE: Record<BodyTypeValue, string> = {
  "sedan-standard": "car",
  "sedan-convertible": "car",
  "sedan-wagon": "car",
  "sedan-sports": "car",
  "sedan-compact": "car",
  SUV: "suv",
  "truck-standard": "pickup",
  "tractor-trailer": "truck",
  "van-full": "van",
  "van-mini": "van",
  Motorcycle: "motorcycle",
};

/** Axis LPV vehicle_info: coarse lower-case types and colours; brand and model as marketed. */
export const axisVocabulary = {
  color: (color: VehicleColor, silverish: boolean): string => {
    const common = commonColor(color);
    return common === "Silver/Gray" ? (silverish ? "silver" : "gray") : common.toLowerCase();
  },
  type: (bodyType: BodyTypeValue): string => AXIS_TYPE[bodyType],
};

function slug(text: string): string {
  return text.toLowerCase().replace(/[\s/]+/g, "-");
}
