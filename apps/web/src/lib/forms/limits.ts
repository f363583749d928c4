import type { z } from "zod";

interface Inspectable {
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
  _zod: { def: { innerType?: unknown; in?: unknown; out?: unknown } };
}

/** The first schema, going through optional, default and pipes, that `has` accepts. */
function find(schema: unknown, has: (inspectable: Inspectable) => boolean, depth = 0): Inspectable | null {
  if (!schema || typeof schema !== "object" || depth > 8) return null;
  const inspectable = schema as Inspectable;
  if (has(inspectable)) return inspectable;
  const def = inspectable._zod?.def;
  if (!def) return null;
  for (const inner of [def.innerType, def.in, def.out]) {
    const found = find(inner, has, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The longest a text field may be, read from the contract's schema for it (its `.max()`), through
 * `.optional()`, `.default()` and pipes: the input's `maxLength` is the API's limit, never a copy.
 * Throws when the schema has no maximum, so a limit dropped from the contract fails at once.
 */
export function maxLengthOf(schema: z.ZodType): number {
  const found = find(schema, (inspectable) => typeof inspectable.maxLength === "number");
  if (!found) throw new Error("maxLengthOf: the schema has no maximum length");
  return found.maxLength!;
}

/** A bound the schema sets itself: not zod's ±Infinity (none) or ±MAX_SAFE_INTEGER (`.int()` alone). */
const isSetBound = (value: number | null | undefined): value is number =>
  typeof value === "number" && Math.abs(value) < Number.MAX_SAFE_INTEGER;

/** A number field's bounds from the contract's schema (its `.min()` and `.max()`), for `min`/`max`. */
export function boundsOf(schema: z.ZodType): { min: number; max: number } {
  const found = find(
    schema,
    (inspectable) => isSetBound(inspectable.minValue) && isSetBound(inspectable.maxValue),
  );
  if (!found) throw new Error("boundsOf: the schema has no minimum and maximum");
  return { min: found.minValue!, max: found.maxValue! };
}
