import type { z } from "zod";

interface Inspectable {
  maxLength?: number | null;
  _zod: { def: { innerType?: unknown; in?: unknown; out?: unknown } };
}

function findMaxLength(schema: unknown, depth: number): number | null {
  if (!schema || typeof schema !== "object" || depth > 8) return null;
  const inspectable = schema as Inspectable;
  if (typeof inspectable.maxLength === "number") return inspectable.maxLength;
  const def = inspectable._zod?.def;
  if (!def) return null;
  for (const inner of [def.innerType, def.in, def.out]) {
    const found = findMaxLength(inner, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The longest a text field may be, read from the contract's schema for it (its `.max()`), through
 * `.optional()`, `.default()` and pipes: the input's `maxLength` is the API's limit, never a copy.
 * Throws when the schema has no maximum, so a limit dropped from the contract fails at once.
 */
export function maxLengthOf(schema: z.ZodType): number {
  const found = findMaxLength(schema, 0);
  if (found === null) throw new Error("maxLengthOf: the schema has no maximum length");
  return found;
}
