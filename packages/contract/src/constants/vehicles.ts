/** Vehicle options offered by the search form (000 section 3). */

/** The 12 colours in the spec's order. Rekor is the only source that reports the four marked ones. */
export const VEHICLE_COLORS = [
  { name: "Black", rekorOnly: false },
  { name: "Blue", rekorOnly: false },
  { name: "Brown", rekorOnly: false },
  { name: "Gold/Beige", rekorOnly: true },
  { name: "Green", rekorOnly: false },
  { name: "Orange", rekorOnly: true },
  { name: "Pink", rekorOnly: true },
  { name: "Purple", rekorOnly: true },
  { name: "Red", rekorOnly: false },
  { name: "Silver/Gray", rekorOnly: false },
  { name: "White", rekorOnly: false },
  { name: "Yellow", rekorOnly: false },
] as const;

export type VehicleColor = (typeof VEHICLE_COLORS)[number]["name"];

/**
 * 46 makes from Acura to Yamaha. The spec shows only the ends and the count; the middle is a
 * realistic US-market list with motorcycle (Ducati, Harley-Davidson, Indian, Kawasaki, Triumph...)
 * and truck (Freightliner, International, Kenworth, Mack, Peterbilt, Western Star...) brands.
 * Ordered case-insensitively ("Genesis" before "GMC"), as a person reads a select list.
 */
export const VEHICLE_MAKES = [
  "Acura",
  "Audi",
  "BMW",
  "Buick",
  "Cadillac",
  "Chevrolet",
  "Chrysler",
  "Dodge",
  "Ducati",
  "Fiat",
  "Ford",
  "Freightliner",
  "Genesis",
  "GMC",
  "Harley-Davidson",
  "Honda",
  "Hyundai",
  "Indian",
  "Infiniti",
  "International",
  "Jaguar",
  "Jeep",
  "Kawasaki",
  "Kenworth",
  "Kia",
  "Land Rover",
  "Lexus",
  "Lincoln",
  "Mack",
  "Mazda",
  "Mercedes-Benz",
  "Mini",
  "Mitsubishi",
  "Nissan",
  "Peterbilt",
  "Porsche",
  "Ram",
  "Subaru",
  "Suzuki",
  "Tesla",
  "Toyota",
  "Triumph",
  "Volkswagen",
  "Volvo",
  "Western Star",
  "Yamaha",
] as const;

export type VehicleMake = (typeof VEHICLE_MAKES)[number];

/**
 * Body types as value/label pairs, exactly as 000 section 3 lists them. Where the spec shows a single
 * token ("SUV", "tractor-trailer", "Motorcycle") that token is kept as the value existing clients send;
 * it doubles as the label, except "tractor-trailer", which gets the readable label "Tractor Trailer".
 * Source adapters translate these values to each vendor's vocabulary.
 */
export const BODY_TYPES = [
  { value: "sedan-standard", label: "Sedan" },
  { value: "sedan-convertible", label: "Convertible" },
  { value: "sedan-wagon", label: "Wagon" },
  { value: "sedan-sports", label: "Coupe" },
  { value: "sedan-compact", label: "Compact Sedans and Hatchbacks" },
  { value: "SUV", label: "SUV" },
  { value: "truck-standard", label: "Pickup Truck" },
  { value: "tractor-trailer", label: "Tractor Trailer" },
  { value: "van-full", label: "Work Van" },
  { value: "van-mini", label: "Minivan" },
  { value: "Motorcycle", label: "Motorcycle" },
] as const;

export type BodyTypeValue = (typeof BODY_TYPES)[number]["value"];
