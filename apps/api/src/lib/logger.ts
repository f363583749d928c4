/**
 * What the background pieces log through (jobs, the alert bus and its listener): pino's loggers,
 * Fastify's `app.log` among them, satisfy it, so none of them imports Fastify.
 */
export interface Logger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
