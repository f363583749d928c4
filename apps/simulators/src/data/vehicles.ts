import { VEHICLE_COLORS, type BodyTypeValue, type VehicleColor, type VehicleMake } from "@odin/contract";
import type { Rng } from "./prng";

/** A vehicle in Odin's own vocabulary (the contract's lists); each vendor re-labels it its own way. */
export interface Vehicle {
  make: VehicleMake;
  model: string;
  bodyType: BodyTypeValue;
  color: VehicleColor;
}

type Model = readonly [model: string, bodyType: BodyTypeValue];

/** Every contract make, with a rough share of Connecticut traffic and a few models of each. */
// prettier-ignore
const MAKES: readonly (readonly [VehicleMake, number, readonly Model[]])[] = [
  ["Acura", 2, [["MDX", "SUV"], ["TLX", "sedan-standard"], ["Integra", "sedan-compact"]]],
  ["Audi", 2, [["A4", "sedan-standard"], ["Q5", "SUV"], ["A5", "sedan-sports"]]],
  ["BMW", 3, [["3 Series", "sedan-standard"], ["X3", "SUV"], ["X5", "SUV"], ["Z4", "sedan-convertible"]]],
  ["Buick", 1.5, [["Enclave", "SUV"], ["Encore", "SUV"]]],
  ["Cadillac", 1, [["Escalade", "SUV"], ["CT5", "sedan-standard"]]],
  ["Chevrolet", 9, [["Silverado", "truck-standard"], ["Equinox", "SUV"], ["Malibu", "sedan-standard"], ["Tahoe", "SUV"], ["Express", "van-full"], ["Corvette", "sedan-sports"]]],
  ["Chrysler", 1, [["Pacifica", "van-mini"], ["300", "sedan-standard"]]],
  ["Dodge", 2, [["Charger", "sedan-standard"], ["Durango", "SUV"], ["Challenger", "sedan-sports"], ["Grand Caravan", "van-mini"]]],
  ["Ducati", 0.2, [["Monster", "Motorcycle"]]],
  ["Fiat", 0.3, [["500", "sedan-compact"]]],
  ["Ford", 10, [["F-150", "truck-standard"], ["Escape", "SUV"], ["Explorer", "SUV"], ["Transit", "van-full"], ["Mustang", "sedan-convertible"], ["Focus", "sedan-compact"]]],
  ["Freightliner", 0.6, [["Cascadia", "tractor-trailer"]]],
  ["Genesis", 0.4, [["G70", "sedan-standard"], ["GV70", "SUV"]]],
  ["GMC", 2, [["Sierra", "truck-standard"], ["Acadia", "SUV"], ["Savana", "van-full"]]],
  ["Harley-Davidson", 0.6, [["Street Glide", "Motorcycle"]]],
  ["Honda", 9, [["Civic", "sedan-compact"], ["Accord", "sedan-standard"], ["CR-V", "SUV"], ["Odyssey", "van-mini"], ["Pilot", "SUV"]]],
  ["Hyundai", 4, [["Elantra", "sedan-compact"], ["Tucson", "SUV"], ["Santa Fe", "SUV"], ["Sonata", "sedan-standard"]]],
  ["Indian", 0.2, [["Chief", "Motorcycle"]]],
  ["Infiniti", 0.6, [["Q50", "sedan-standard"], ["QX60", "SUV"]]],
  ["International", 0.4, [["LT", "tractor-trailer"]]],
  ["Jaguar", 0.3, [["F-Pace", "SUV"], ["F-Type", "sedan-convertible"]]],
  ["Jeep", 5, [["Grand Cherokee", "SUV"], ["Wrangler", "SUV"], ["Cherokee", "SUV"], ["Gladiator", "truck-standard"]]],
  ["Kawasaki", 0.3, [["Ninja", "Motorcycle"]]],
  ["Kenworth", 0.4, [["T680", "tractor-trailer"]]],
  ["Kia", 3, [["Sorento", "SUV"], ["Sportage", "SUV"], ["Forte", "sedan-compact"], ["Telluride", "SUV"]]],
  ["Land Rover", 0.5, [["Range Rover", "SUV"], ["Defender", "SUV"]]],
  ["Lexus", 2, [["RX", "SUV"], ["ES", "sedan-standard"]]],
  ["Lincoln", 0.8, [["Navigator", "SUV"], ["Aviator", "SUV"]]],
  ["Mack", 0.3, [["Anthem", "tractor-trailer"]]],
  ["Mazda", 2.5, [["CX-5", "SUV"], ["Mazda3", "sedan-compact"], ["MX-5 Miata", "sedan-convertible"]]],
  ["Mercedes-Benz", 2.5, [["C-Class", "sedan-standard"], ["GLE", "SUV"], ["Sprinter", "van-full"], ["E-Class Wagon", "sedan-wagon"]]],
  ["Mini", 0.5, [["Cooper", "sedan-compact"]]],
  ["Mitsubishi", 0.8, [["Outlander", "SUV"], ["Mirage", "sedan-compact"]]],
  ["Nissan", 6, [["Altima", "sedan-standard"], ["Rogue", "SUV"], ["Sentra", "sedan-compact"], ["Frontier", "truck-standard"], ["NV200", "van-full"]]],
  ["Peterbilt", 0.3, [["579", "tractor-trailer"]]],
  ["Porsche", 0.3, [["911", "sedan-sports"], ["Cayenne", "SUV"]]],
  ["Ram", 3, [["1500", "truck-standard"], ["ProMaster", "van-full"]]],
  ["Subaru", 5, [["Outback", "sedan-wagon"], ["Forester", "SUV"], ["Crosstrek", "SUV"], ["Impreza", "sedan-compact"]]],
  ["Suzuki", 0.2, [["GSX-R750", "Motorcycle"]]],
  ["Tesla", 2, [["Model 3", "sedan-standard"], ["Model Y", "SUV"]]],
  ["Toyota", 11, [["Camry", "sedan-standard"], ["Corolla", "sedan-compact"], ["RAV4", "SUV"], ["Tacoma", "truck-standard"], ["Highlander", "SUV"], ["Sienna", "van-mini"], ["Prius", "sedan-compact"]]],
  ["Triumph", 0.2, [["Bonneville", "Motorcycle"]]],
  ["Volkswagen", 3, [["Jetta", "sedan-standard"], ["Tiguan", "SUV"], ["Golf", "sedan-compact"], ["Atlas", "SUV"]]],
  ["Volvo", 1.2, [["XC90", "SUV"], ["XC60", "SUV"], ["V60", "sedan-wagon"], ["VNL", "tractor-trailer"]]],
  ["Western Star", 0.2, [["5700XE", "tractor-trailer"]]],
  ["Yamaha", 0.3, [["YZF-R3", "Motorcycle"]]],
];

/** Shares of US car colours (silver and gray together lead, then white and black). */
const COLOR_WEIGHTS: readonly (readonly [VehicleColor, number])[] = [
  ["Silver/Gray", 30],
  ["White", 23],
  ["Black", 21],
  ["Blue", 9],
  ["Red", 9],
  ["Brown", 2],
  ["Green", 2],
  ["Gold/Beige", 1.5],
  ["Orange", 0.8],
  ["Yellow", 0.5],
  ["Purple", 0.3],
  ["Pink", 0.1],
];

const MAKE_WEIGHTS = MAKES.map(([make, weight, models]) => [[make, models] as const, weight] as const);

export function generateVehicle(rng: Rng): Vehicle {
  const [make, models] = rng.weighted(MAKE_WEIGHTS);
  const [model, bodyType] = rng.pick(models);
  // Big rigs and bikes come in a narrower palette than cars.
  const color = bodyType === "tractor-trailer" && rng.chance(0.5) ? "White" : rng.weighted(COLOR_WEIGHTS);
  return { make, model, bodyType, color };
}

const REKOR_ONLY = new Set<string>(VEHICLE_COLORS.filter((c) => c.rekorOnly).map((c) => c.name));

/**
 * The colour a coarser classifier (Axon, Axis) reports: the contract marks four colours as Rekor-only,
 * so the other vendors see those vehicles as the nearest common colour.
 */
export function commonColor(color: VehicleColor): VehicleColor {
  if (!REKOR_ONLY.has(color)) return color;
  return color === "Gold/Beige" ? "Brown" : color === "Purple" ? "Blue" : "Red";
}
