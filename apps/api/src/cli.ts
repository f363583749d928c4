/**
 * Odin's command line: `pnpm odin <command>` in a checkout, `node apps/api/dist/cli.js <command>` in
 * the container (docker compose exec odin node apps/api/dist/cli.js setup). Same configuration as the
 * server (the environment; DATABASE_URL or the embedded database in the data folder).
 */
import { ConfigError } from "./config/env";
import { rotateSigningKeyCommand } from "./cli/rotate-signing-key-command";
import { SETUP_USAGE, setupCommand } from "./cli/setup-command";
import { VERIFY_AUDIT_USAGE, verifyAuditCommand } from "./cli/verify-audit-command";
import { VERIFY_EXPORT_USAGE, verifyExportCommand } from "./cli/verify-export-command";

const USAGE = `Usage: odin <command> [options]

Commands:
  setup                create the first owner account (odin setup --help)
  rotate-signing-key   the built-in sign-in signs with a new key from the next start
  verify-audit         check the audit log's hash chains, name the first broken row
  verify-export        check that an exported PDF or ZIP is as Odin made it

${SETUP_USAGE}

${VERIFY_AUDIT_USAGE}

${VERIFY_EXPORT_USAGE}`;

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case "setup":
      return setupCommand(args, { input: process.stdin, output: process.stdout });
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
