/** A bad or missing setting: the one line the process stops with, naming the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Configuration error: ${variable} ${detail}`);
    this.name = "ConfigError";
  }
}
