/**
 * The only reader of process.env in the API. Parsed once at start-up; a bad value stops the
 * process with one line naming the variable (see ConfigError), never a stack trace.
 *
 * The configuration's parts (issue 39 item 5), each in its own file beside this one: the schema of
 * the environment (env-schema.ts), the Config it becomes (config-types.ts), the identity, storage and
 * push parts (identity-config.ts, storage-config.ts, push-config.ts) and loadConfig, which puts them
 * together (load-config.ts). This file reads process.env and the env file, and exports every name
 * importers used before the split.
 */
import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { ConfigError } from "./config-error";

export { ConfigError } from "./config-error";
export { secretsKey, type Env, type OdinRole } from "./env-schema";
export type { Config, DeliveryPolicy, GeocodeConfig, MapSettings } from "./config-types";
export type { IdentityAdminConfig, IdentityConfig } from "./identity-config";
export type { PushConfig } from "./push-config";
export {
  DEFAULT_REKOR_BASE_URL,
  DEFAULT_REVERSE_GEOCODE_URL,
  DEMO_MAP_ATTRIBUTION,
  loadConfig,
  withDemoServices,
  withSecretFiles,
} from "./load-config";

/** The process environment; server.ts passes it to loadConfig (tests pass their own). */
export function processEnv(): NodeJS.ProcessEnv {
  return process.env;
}

/** Where the plain-Node guide keeps the service's configuration (docs/self-hosting.md). */
export const DEFAULT_ENV_FILE = "/etc/odin/odin.env";

/**
 * The CLI reads the service's own configuration (issue 35 item 2): the env file the systemd unit
 * loads (`EnvironmentFile=`), in the same KEY=value syntax. Variables already set in the command's
 * environment win, so one value can be overridden for one run. Answers the variables it added.
 */
export function applyEnvFile(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(
      "--env-file",
      code === "EACCES"
        ? `${file} is not readable by this user: run the command as the service's user (sudo -u odin …) or as root`
        : `${file} cannot be read (${code ?? String(error)})`,
    );
  }
  const added: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (process.env[name] !== undefined) continue;
    process.env[name] = value;
    added.push(name);
  }
  return added;
}
