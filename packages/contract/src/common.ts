import { z } from "zod";
import { SOURCE_PROGRAMS } from "./constants/app";

/**
 * Shared primitives. Request schemas may normalise (trim, lower-case, coerce); answer schemas never
 * transform, because the API serialises answers with zod's encode, which refuses one-way transforms.
 */

/** The largest value of a PostgreSQL `integer` column: every id column of Odin's tables is one. */
export const MAX_ID = 2_147_483_647;

/** A database id in an answer (and inside requests): 1..MAX_ID, so a larger one is a 400, not a 500. */
export const ZId = z.number().int().positive().max(MAX_ID);

/**
 * A database id in a request: JSON numbers, and the numeric strings of forms, paths and query strings.
 * `message` replaces zod's wording when the screen has its own (e.g. "select a group").
 */
export const idInput = (message = "Expected a numeric id") =>
  z.union([ZId, z.string().trim().regex(/^\d+$/).transform(Number).pipe(ZId)], { error: message });
export const ZIdInput = idInput();

/** `:id` path parameters. */
export const ZIdParams = z.object({ id: ZIdInput });

/** A boolean in a request: JSON booleans, and "true"/"false"/"1"/"0"/"on"/"off"... of forms and query strings. */
export const ZBooleanInput = z.union([z.boolean(), z.stringbool()]);

/** An optional text input: trimmed; null, missing and blank all mean "not set" (undefined). */
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : undefined));

/** A required text input, trimmed, with the message the screen shows when it is blank or missing. */
export const requiredText = (message: string, max = 500) =>
  z.string({ error: message }).trim().min(1, message).max(max);

/** A date-time with an explicit zone ("Z" or an offset), as `Date.prototype.toISOString` writes it. */
export const ZIsoDateTime = z.iso.datetime({ offset: true });

/**
 * A UTC date-time WITHOUT a zone marker ("2025-01-15T14:03:09" or with fractions), the alert timestamp
 * format of 001 section 3 that existing clients read as UTC.
 */
export const ZUtcNaiveDateTime = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?$/,
    "Expected a UTC date-time without a zone marker",
  );

export const ZSourceProgram = z.enum(SOURCE_PROGRAMS);

export const ZRole = z.enum(["admin", "user"]);
export type TRole = z.infer<typeof ZRole>;

export const ZLatitude = z.number().min(-90).max(90);
export const ZLongitude = z.number().min(-180).max(180);

/** A number in a request, from JSON or from a form's text; blank and null mean "no value". */
export const ZNullableNumberInput = z.union([
  z.number(),
  z.null(),
  z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (text === "") return null;
      const value = Number(text);
      if (Number.isFinite(value)) return value;
      ctx.addIssue({ code: "custom", message: "Expected a number" });
      return z.NEVER;
    }),
]);

/** The usual answer of a call whose reply the specs do not show: Odin's choice. */
export const ZSuccessMessage = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type TSuccessMessage = z.infer<typeof ZSuccessMessage>;

/** A `data:` URI of a PNG, JPEG or WebP image, as the export records carry them. */
export const ZImageDataUri = z
  .string()
  .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/, "Expected a base64 image data URI");
