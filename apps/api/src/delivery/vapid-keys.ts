import type { SecretBox } from "@odin/db";
import webPush from "web-push";
import type { Database } from "../lib/database";
import { insertVapidKeysOnce, readVapidKeys } from "./delivery.repository";

/** A VAPID key pair (RFC 8292), base64url as the web-push package and PushManager.subscribe take them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface VapidKeySourceDeps {
  prisma: Pick<Database, "$queryRaw" | "$executeRaw">;
  secrets: Pick<SecretBox, "encrypt" | "decrypt">;
  /** WEB_PUSH_VAPID_PUBLIC_KEY and _PRIVATE_KEY, when configured. */
  configured: VapidKeys | null;
}

/**
 * The VAPID keys every process signs Web Push messages with (issue 24 item 4). Configured keys win.
 * Without them the first process that needs a pair makes one and writes it to `web_push_vapid_keys`
 * (one row, id 1) with INSERT … ON CONFLICT DO NOTHING: a replica racing it waits on the row's key,
 * writes nothing, and reads the pair that was committed, so all replicas (and every browser that
 * subscribed) agree on one key. The private key is sealed with the secrets key. Read once per process.
 */
export function createVapidKeySource(deps: VapidKeySourceDeps): () => Promise<VapidKeys> {
  let loaded: Promise<VapidKeys> | undefined;
  const load = async (): Promise<VapidKeys> => {
    if (deps.configured) return deps.configured;
    const read = () => readVapidKeys(deps.prisma);
    let [row] = await read();
    if (!row) {
      const made = webPush.generateVAPIDKeys();
      await insertVapidKeysOnce(deps.prisma, made.publicKey, deps.secrets.encrypt(made.privateKey));
      [row] = await read();
    }
    if (!row) throw new Error("the VAPID key pair could not be stored");
    return { publicKey: row.public_key, privateKey: deps.secrets.decrypt(row.private_key_sealed) };
  };
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}
