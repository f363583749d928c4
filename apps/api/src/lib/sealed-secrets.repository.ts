import type { SecretBox } from "@odin/db";
import { inTransaction, type Database, type Transaction } from "./database";

/**
 * Every column that holds a value sealed with the secrets key (ODIN_SECRETS_KEY, secret-box.ts).
 * `test/sealed-secrets.test.ts` checks this list against schema.prisma, so a new sealed column cannot
 * be left out of the start-up check and `odin rotate-secrets-key`.
 */
export const SEALED_COLUMNS = [
  {
    table: "users",
    key: "id",
    keyType: "int",
    column: "mfa_secret",
    what: "a user's two-step sign-in secret",
  },
  {
    table: "users",
    key: "id",
    keyType: "int",
    column: "mfa_pending_secret",
    what: "a two-step sign-in being set up",
  },
  {
    table: "oidc_signing_keys",
    key: "kid",
    keyType: "text",
    column: "private_jwk_ciphertext",
    what: "a sign-in signing key",
  },
  {
    table: "export_signing_keys",
    key: "kid",
    keyType: "text",
    column: "private_jwk_ciphertext",
    what: "an export signing key",
  },
  {
    table: "rekor_api_keys",
    key: "id",
    keyType: "int",
    column: "api_key_ciphertext",
    what: "a Rekor API key",
  },
  {
    table: "axon_integrations",
    key: "id",
    keyType: "int",
    column: "client_secret_ciphertext",
    what: "an Axon client secret",
  },
  {
    table: "alert_webhooks",
    key: "id",
    keyType: "int",
    column: "secret_sealed",
    what: "an alert webhook's signing secret",
  },
  {
    table: "web_push_subscriptions",
    key: "id",
    keyType: "int",
    column: "keys_sealed",
    what: "a browser's push keys",
  },
  {
    table: "api_clients",
    key: "id",
    keyType: "int",
    column: "secret_sealed",
    what: "an API client's secret",
  },
  {
    table: "web_push_vapid_keys",
    key: "id",
    keyType: "int",
    column: "private_key_sealed",
    what: "the Web Push key pair",
  },
] as const;

export interface SealedValue {
  table: string;
  column: string;
  key: string;
  what: string;
}

type Handle = Database | Transaction;

/** Identifiers come from SEALED_COLUMNS only (constants), never from input. */
async function sealedValues(
  db: Handle,
  entry: (typeof SEALED_COLUMNS)[number],
  lock = false,
): Promise<{ key: string; value: string }[]> {
  return db.$queryRawUnsafe<{ key: string; value: string }[]>(
    `SELECT ${entry.key}::text AS key, ${entry.column} AS value FROM ${entry.table}
     WHERE ${entry.column} IS NOT NULL ORDER BY 1${lock ? " FOR UPDATE" : ""}`,
  );
}

const opens = (box: SecretBox, value: string) => {
  try {
    box.decrypt(value);
    return true;
  } catch {
    return false;
  }
};

/** The stored values the key cannot open (none: the key is the one the database was sealed with). */
export async function findUnopenableSecrets(
  db: Database,
  box: SecretBox,
): Promise<{ checked: number; unopenable: SealedValue[] }> {
  let checked = 0;
  const unopenable: SealedValue[] = [];
  for (const entry of SEALED_COLUMNS) {
    for (const row of await sealedValues(db, entry)) {
      checked += 1;
      if (!opens(box, row.value))
        unopenable.push({ table: entry.table, column: entry.column, key: row.key, what: entry.what });
    }
  }
  return { checked, unopenable };
}

export class SealedSecretsError extends Error {
  constructor(readonly unopenable: SealedValue[]) {
    super(`${unopenable.length} stored secret(s) open with neither key`);
    this.name = "SealedSecretsError";
  }
}

/**
 * Re-seals every stored secret from the old key to the new one in one transaction (the rows locked
 * as they are read): all of them or none. A value the new key already opens is left as it is (sealed
 * since, or by an earlier run); one that neither key opens stops the whole rotation.
 */
export async function resealSecrets(
  db: Database,
  from: SecretBox,
  to: SecretBox,
): Promise<{ resealed: number; alreadyNew: number }> {
  return inTransaction(
    db,
    async (tx) => {
      let resealed = 0;
      let alreadyNew = 0;
      const unopenable: SealedValue[] = [];
      for (const entry of SEALED_COLUMNS) {
        for (const row of await sealedValues(tx, entry, true)) {
          if (opens(to, row.value)) {
            alreadyNew += 1;
            continue;
          }
          let plain: string;
          try {
            plain = from.decrypt(row.value);
          } catch {
            unopenable.push({ table: entry.table, column: entry.column, key: row.key, what: entry.what });
            continue;
          }
          await tx.$executeRawUnsafe(
            `UPDATE ${entry.table} SET ${entry.column} = $1 WHERE ${entry.key} = CAST($2 AS ${entry.keyType})`,
            to.encrypt(plain),
            row.key,
          );
          resealed += 1;
        }
      }
      if (unopenable.length > 0) throw new SealedSecretsError(unopenable);
      return { resealed, alreadyNew };
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
}
