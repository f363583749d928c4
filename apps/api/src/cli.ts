/**
 * Odin's command line: `pnpm odin <command>` in a checkout, `bin/odin <command>` in an installed Odin
 * (the deployable: `node apps/api/dist/cli.js`; docker compose exec odin bin/odin setup). Same
 * configuration as the server: the environment, and the service's env file (--env-file, ODIN_ENV_FILE,
 * or /etc/odin/odin.env when it exists); an installed Odin never falls back to the embedded database.
 */
import { existsSync } from "node:fs";
import { applyEnvFile, ConfigError, DEFAULT_ENV_FILE, processEnv } from "./config/env";
import { DOCTOR_USAGE, doctorCommand } from "./cli/doctor-command";
import { ROTATE_SECRETS_KEY_USAGE, rotateSecretsKeyCommand } from "./cli/rotate-secrets-key-command";
import { rotateSigningKeyCommand } from "./cli/rotate-signing-key-command";
import { SETUP_USAGE, setupCommand } from "./cli/setup-command";
import { VERIFY_AUDIT_USAGE, verifyAuditCommand } from "./cli/verify-audit-command";
import { VERIFY_EXPORT_USAGE, verifyExportCommand } from "./cli/verify-export-command";

const USAGE = `Usage: odin [--env-file FILE] <command> [options]

Commands:
  setup                create the first owner account (odin setup --help)
  doctor               check the configuration, database, roles, migrations and keys; change nothing
  rotate-secrets-key   re-seal the stored secrets from the old secrets key to the configured one
  rotate-signing-key   the built-in sign-in signs with a new key from the next start
  verify-audit         check the audit log's hash chains, name the first broken row
  verify-export        check that an exported PDF or ZIP is as Odin made it

--env-file FILE reads the service's configuration (KEY=value lines, as systemd's EnvironmentFile=);
without it ODIN_ENV_FILE, else ${DEFAULT_ENV_FILE} when it exists. The command's own environment wins.

${SETUP_USAGE}

${DOCTOR_USAGE}

${ROTATE_SECRETS_KEY_USAGE}

${VERIFY_AUDIT_USAGE}

${VERIFY_EXPORT_USAGE}`;

/** Takes a leading `--env-file FILE` (or `--env-file=FILE`) off the arguments and loads that file. */
function loadServiceEnvironment(argv: string[]): string[] {
  let file: string | undefined;
  let rest = argv;
  if (argv[0] === "--env-file") {
    if (!argv[1]) throw new ConfigError("--env-file", "needs the file's path");
    file = argv[1];
    rest = argv.slice(2);
  } else if (argv[0]?.startsWith("--env-file=")) {
    file = argv[0].slice("--env-file=".length);
    rest = argv.slice(1);
  }
  file ??= processEnv().ODIN_ENV_FILE ?? (existsSync(DEFAULT_ENV_FILE) ? DEFAULT_ENV_FILE : undefined);
  if (file) applyEnvFile(file);
  return rest;
}

async function main(given: string[]): Promise<number> {
  const argv = loadServiceEnvironment(given);
  const [command, ...args] = argv;
  switch (command) {
    case "setup":
      return setupCommand(args, { input: process.stdin, output: process.stdout });
    case "doctor":
      return doctorCommand(args);
    case "rotate-secrets-key":
      return rotateSecretsKeyCommand(args);
    case "rotate-signing-key":
      return rotateSigningKeyCommand();
    case "verify-audit":
      return verifyAuditCommand(args);
    case "verify-export":
      return verifyExportCommand(args);
    case undefined:
    case "help":
    case "--help":
    case "-h":
      console.log(USAGE);
      return command === undefined ? 2 : 0;
    default:
      console.error(`Unknown command '${command}'.\n\n${USAGE}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
