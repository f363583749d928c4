import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error";

export const NUL_MESSAGE = "Text must not contain NUL characters.";

/**
 * The path of the first string holding a NUL, looking into plain objects (the query parser's have a
 * bare prototype) and arrays only, never into files or streams. It runs on every request (each camera
 * push among them), so the path is built only on the way back from a NUL, not for every value visited.
 */
function findNul(value: unknown, depth = 0): string[] | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? [] : undefined;
  if (depth > 32 || value === null || typeof value !== "object") return undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findNul(value[index], depth + 1);
      if (found) return [String(index), ...found];
    }
    return undefined;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  const plain =
    prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
  if (!plain) return undefined;
  for (const key of Object.keys(value)) {
    const found = findNul((value as Record<string, unknown>)[key], depth + 1);
    if (found) return [key, ...found];
  }
  return undefined;
}

/**
 * PostgreSQL refuses NUL in text, so a NUL byte anywhere in a path, query or body would fail deep in a
 * query as a 500 (and a vendor's webhook retries a 500 forever). Refused here once for every route.
 */
export const textGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook("preValidation", async (request) => {
      for (const [part, value] of [
        ["params", request.params],
        ["query", request.query],
        ["body", request.body],
      ] as const) {
        const found = findNul(value);
        if (found) {
          const path = found.join(".") || part;
          throw new AppError("VALIDATION_FAILED", NUL_MESSAGE, [{ path, message: NUL_MESSAGE }]);
        }
      }
    });
  },
  { name: "odin-text-guard" },
);
