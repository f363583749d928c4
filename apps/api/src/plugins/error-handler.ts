import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { apiError as body, ERROR_STATUS, type ErrorCode } from "@odin/contract";
import { AppError } from "../lib/app-error";
import { isPageLoad } from "./web-app";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
  UNAVAILABLE_MESSAGE,
} from "../lib/database-unavailable";

/** Fastify's own error codes that are the caller's fault, mapped to the contract's codes. */
const CLIENT_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  FST_REQ_FILE_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  FST_FILES_LIMIT: "PAYLOAD_TOO_LARGE",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  FST_ERR_CTP_EMPTY_JSON_BODY: "VALIDATION_FAILED",
  FST_ERR_CTP_INVALID_JSON_BODY: "VALIDATION_FAILED",
  FST_INVALID_MULTIPART_CONTENT_TYPE: "UNSUPPORTED_MEDIA_TYPE",
};

const ZOD_GENERIC = /^(Invalid|Too (big|small)|Unrecognized|Expected|Required)/;

/** One error handler for the whole API: every failure leaves as `{ error: { code, message } }`. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.status >= 500) request.log.error({ err: error }, error.message);
        // A 503 is always worth retrying after a pause (the database, or an audit row it refused).
        if (error.status === 503 || error.code === "UNAVAILABLE")
          reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.status(error.status).send(body(error.code, error.message, error.details));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
          message: issue.message ?? "is invalid",
        }));
        const first = details[0];
        // Zod's own messages do not say which field they are about ("Invalid input: expected string");
        // the summary names it. The spec's and Odin's own sentences are left as written.
        const summary = !first
          ? "The request is invalid."
          : first.path && ZOD_GENERIC.test(first.message)
            ? `${first.path}: ${first.message}`
            : first.message;
        return reply.status(400).send(body("VALIDATION_FAILED", summary, details));
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, "response does not match its schema");
        return reply.status(500).send(body("INTERNAL", "Internal server error."));
      }
      const mapped = error.code ? CLIENT_ERRORS[error.code] : undefined;
      if (mapped) return reply.status(ERROR_STATUS[mapped]).send(body(mapped, error.message));
      if (error.statusCode === 429) {
        return reply
          .status(429)
          .send(body("RATE_LIMITED", "Too many requests. Please wait a moment and try again."));
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return reply.status(error.statusCode).send(body("VALIDATION_FAILED", error.message));
      }
      // The database out of reach: a 503 that cameras, webhooks and browsers may retry after a pause.
      if (isDatabaseUnavailable(error)) {
        request.log.error({ err: error }, "database unreachable");
        return reply
          .status(503)
          .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
          .send(body("UNAVAILABLE", UNAVAILABLE_MESSAGE));
      }
      // 5xx: log everything, tell the caller nothing about internals.
      request.log.error({ err: error }, "unhandled error");
      return reply.status(500).send(body("INTERNAL", `Internal server error (request ${request.id}).`));
    });

    app.setNotFoundHandler((request, reply) => {
      // A page a browser navigates to: the web app, whose not-found page says so (issue 20 item 2).
      if (app.webAppPage && isPageLoad(request.method, request.headers.accept))
        return app.webAppPage(reply.status(404));
      return reply
        .status(404)
        .send(body("NOT_FOUND", `No route ${request.method} ${request.url.split("?")[0]}.`));
    });
  },
  { name: "odin-error-handler" },
);
