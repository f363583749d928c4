import { rotateSigningKeys } from "../identity/signing-keys";
import { withDatabase } from "./database";

/**
 * `odin rotate-signing-key`: the built-in provider signs with a new key from the next start on; the
 * previous key stays published for two days, so tokens it signed still verify. Replicas can be
 * restarted one at a time: one not yet restarted accepts the new key's tokens (it reloads the key set
 * for a key id it has not seen; test/two-processes.test.ts).
 */
export async function rotateSigningKeyCommand(): Promise<number> {
  return withDatabase(async (prisma, _config, secrets) => {
    const kid = await rotateSigningKeys(prisma, secrets);
    console.log(`New signing key ${kid}: restart each Odin process (one at a time is fine) to sign with it.`);
    return 0;
  });
}
