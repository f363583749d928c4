import { US_STATES, type UsStateAbbreviation } from "@odin/contract";
import type { Rng } from "./prng";

/**
 * Passenger plate formats per state, as printed: L = letter, D = digit, anything else is printed as is
 * (space or dash). Readers report plates without the separators, so `normalizePlate` strips them.
 * The cameras are in Connecticut, so the state mix is weighted to CT and its neighbours.
 */
const FORMATS: Partial<Record<UsStateAbbreviation, readonly (readonly [string, number])[]>> = {
  CT: [
    ["LL DDDDD", 7],
    ["DLLLDD", 2],
    ["DDD LLL", 1],
  ],
  NY: [["LLL-DDDD", 1]],
  MA: [
    ["DLLLDD", 3],
    ["DLLLDDD", 2],
    ["DDDLLD", 1],
  ],
  NJ: [["LDD-LLL", 1]],
  RI: [
    ["DDD-DDD", 3],
    ["LLLDDD", 2],
    ["LL-DDD", 1],
  ],
  NH: [["DDD DDDD", 1]],
  VT: [["LLL DDD", 1]],
  ME: [["DDDD LL", 1]],
  PA: [["LLL-DDDD", 1]],
  CA: [["DLLLDDD", 1]],
  TX: [["LLL-DDDD", 1]],
  FL: [["LLL LDD", 1]],
  MD: [["DLL DDDD", 1]],
  VA: [["LLL-DDDD", 1]],
  NC: [["LLL-DDDD", 1]],
  IL: [["LL DDDDD", 1]],
};

const STATE_WEIGHTS: readonly (readonly [UsStateAbbreviation | "other", number])[] = [
  ["CT", 55],
  ["NY", 12],
  ["MA", 10],
  ["RI", 5],
  ["NJ", 3],
  ["NH", 2],
  ["PA", 2],
  ["VT", 1.5],
  ["ME", 1],
  ["FL", 1.5],
  ["VA", 1],
  ["NC", 1],
  ["MD", 1],
  ["CA", 0.7],
  ["TX", 0.7],
  ["IL", 0.5],
  ["other", 2.1],
];

const DEFAULT_FORMATS = [
  ["LLL DDDD", 2],
  ["DLLDDD", 1],
] as const;

// I, O and Q are left out as most states do, to avoid 1/I and 0/O look-alikes.
const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";

export interface GeneratedPlate {
  /** As printed on the plate, with its separators ("AK 47281"). */
  display: string;
  /** As a reader reports it ("AK47281"). */
  plate: string;
  state: UsStateAbbreviation;
}

export function pickState(rng: Rng): UsStateAbbreviation {
  const choice = rng.weighted(STATE_WEIGHTS);
  return choice === "other" ? rng.pick(US_STATES).abbreviation : choice;
}

export function generatePlate(rng: Rng, state = pickState(rng)): GeneratedPlate {
  const format = rng.weighted(FORMATS[state] ?? DEFAULT_FORMATS);
  let display = "";
  for (const symbol of format) {
    if (symbol === "L") display += LETTERS[rng.int(0, LETTERS.length - 1)];
    else if (symbol === "D") display += String(rng.int(0, 9));
    else display += symbol;
  }
  return { display, plate: normalizePlate(display), state };
}

/** Upper case without spaces or dashes: how readers report a plate and how Odin compares them. */
export function normalizePlate(plate: string): string {
  return plate.toUpperCase().replace(/[\s-]+/g, "");
}

export function stateName(state: string): string {
  return US_STATES.find((entry) => entry.abbreviation === state)?.name ?? state;
}
