import { readFile } from "node:fs/promises";
import type { Readable } from "node:stream";
import { parseArgs } from "node:util";
import { createSecretBox } from "@odin/db";
import { processEnv, secretsKey } from "../config/env";
import { SealedSecretsError, resealSecrets } from "../lib/sealed-secrets.repository";
import { withDatabase } from "./database";
import { readAll } from "./prompt";

export const ROTATE_SECRETS_KEY_USAGE = `Usage: odin rotate-secrets-key (--old-key-file FILE | --old-key-stdin)

Re-seals every secret stored in the database (vendor API keys and client secrets, signing keys,
webhook secrets, two-step sign-in secrets, push keys) from the old secrets key to the one Odin is now
configured with (ODIN_SECRETS_KEY, ODIN_SECRETS_KEY_FILE or the systemd credential), in one
transaction: all of them or none. Stop Odin first, put the new key in its configuration, run this
with the old key once, then start Odin. Also the way back after the key was changed by mistake.
  --old-key-file   a file holding the old key (64 hex characters or base64, as ODIN_SECRETS_KEY)
  --old-key-stdin  read the old key from standard input
Exit status: 0 re-sealed (or nothing to do), 1 refused (nothing changed), 2 usage.`;

/** `odin rotate-secrets-key`: the configured key is the new one; the old one is given once. */
export async function rotateSecretsKeyCommand(
  args: string[],
  input: Readable = process.stdin,
  env: NodeJS.ProcessEnv = processEnv(),
): Promise<number> {
  let flags;
  try {
    flags = parseArgs({
      args,
      options: {
        "old-key-file": { type: "string" },
        "old-key-stdin": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${ROTATE_SECRETS_KEY_USAGE}`);
    return 2;
  }
  if (flags.help) {
    console.log(ROTATE_SECRETS_KEY_USAGE);
    return 0;
  }
  if (Boolean(flags["old-key-file"]) === Boolean(flags["old-key-stdin"])) {
    console.error(ROTATE_SECRETS_KEY_USAGE);
    return 2;
  }
  const text = flags["old-key-file"]
    ? await readFile(flags["old-key-file"], "utf8").catch((error: NodeJS.ErrnoException) => {
        throw new Error(
          `The old key's file ${flags["old-key-file"]} cannot be read (${error.code ?? error.message}).`,
        );
      })
    : await readAll(input);
  const oldKey = secretsKey.safeParse(text);
  if (!oldKey.success) {
    console.error("The old key must be 32 bytes, as 64 hex characters or base64 (as ODIN_SECRETS_KEY).");
    return 1;
  }

  return withDatabase(
    async (prisma, config, secrets) => {
      if (config.secretsKey?.equals(oldKey.data)) {
        console.error(
          `The old key is the key Odin is configured with (${config.secretsKeySource}): put the new key in the configuration first.`,
        );
        return 1;
      }
      try {
        const { resealed, alreadyNew } = await resealSecrets(prisma, createSecretBox(oldKey.data), secrets);
        console.log(
          `Re-sealed ${resealed} stored secret(s) with the key from ${config.secretsKeySource}` +
            (alreadyNew ? ` (${alreadyNew} already were).` : ".") +
            "\nStart Odin with that key. Sign-in pages, result pages and links opened before the change must be" +
            " loaded again (their signatures came from the old key); signed-in sessions go on.",
        );
        return 0;
      } catch (error) {
        if (!(error instanceof SealedSecretsError)) throw error;
        console.error(
          `Nothing was changed: ${error.unopenable.length} stored secret(s) open with neither the old key nor the configured one:`,
        );
        for (const value of error.unopenable.slice(0, 10))
          console.error(`  ${value.table} ${value.key} (${value.what})`);
        if (error.unopenable.length > 10) console.error(`  … and ${error.unopenable.length - 10} more`);
        return 1;
      }
    },
    env,
    { checkSecretsKey: false },
  );
}
