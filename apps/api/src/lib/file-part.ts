/** A file part of a multipart body, or undefined when the part is missing or empty. */
export function filePart(body: unknown, name: string): Buffer | undefined {
  const value = body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
  return Buffer.isBuffer(value) && value.length > 0 ? value : undefined;
}
