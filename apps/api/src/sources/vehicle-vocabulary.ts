/**
 * Vendor words that every adapter translates alike. Vendor-specific tables (Rekor's slugs, Axon's and
 * Axis's body types) stay in their mappers; these are the shared pieces.
 */

/** Single-word colour names (Axon, Axis) → the contract's colours; Silver and Gray are one colour there. */
export const COLOR_WORDS: Readonly<Record<string, string>> = {
  black: "Black",
  blue: "Blue",
  brown: "Brown",
  green: "Green",
  red: "Red",
  white: "White",
  yellow: "Yellow",
  silver: "Silver/Gray",
  gray: "Silver/Gray",
  grey: "Silver/Gray",
  beige: "Gold/Beige",
  gold: "Gold/Beige",
  orange: "Orange",
  pink: "Pink",
  purple: "Purple",
};

/** An unknown vendor word, shown readably rather than dropped: "dark-red" → "Dark-Red". */
export const titleCase = (text: string) =>
  text
    .toLowerCase()
    .replace(
      /(^|[\s/-])(\p{L})/gu,
      (_: string, before: string, letter: string) => before + letter.toUpperCase(),
    );
