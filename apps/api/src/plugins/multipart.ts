import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export interface MultipartOptions {
  /** Largest single file part (a CSV, an attachment, a group image). */
  maxFileBytes: number;
}

/**
 * Multipart bodies for the upload calls of spec 001 (group forms, plate and user CSVs, key CSVs).
 * Fields arrive as `request.body` key → value: text parts as strings, file parts as Buffers, so route
 * schemas validate the text fields and handlers check the files by content (never by name or type).
 * A file over the limit or too many parts is a 413 through the error handler.
 */
export const multipartPlugin = fp<MultipartOptions>(
  async (app: FastifyInstance, { maxFileBytes }) => {
    await app.register(multipart, {
      attachFieldsToBody: "keyValues",
      limits: { fileSize: maxFileBytes, files: 101, fields: 2000, parts: 2100, fieldSize: 64 * 1024 },
      throwFileSizeLimit: true,
    });
  },
  { name: "odin-multipart" },
);

export { filePart } from "../lib/file-part";
