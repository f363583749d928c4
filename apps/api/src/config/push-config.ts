import { readFileSync } from "node:fs";
import { ConfigError } from "./config-error";
import type { Env } from "./env-schema";

/** Issue 24 items 4 and 5: Web Push (VAPID) and mobile push (FCM, APNs). */
export interface PushConfig {
  timeoutMs: number;
  webPush: {
    /** Null: the key pair is made once and kept sealed in the database (delivery/vapid-keys.ts). */
    vapid: { publicKey: string; privateKey: string } | null;
    subject: string;
  };
  /** Null: FCM_SERVICE_ACCOUNT not set (Android devices cannot register; one registered earlier gets failed deliveries that say so). */
  fcm: {
    projectId: string;
    clientEmail: string;
    privateKey: string;
    baseUrl: string;
    tokenUrl: string;
  } | null;
  /** Null: APNS_KEY not set. */
  apns: { key: string; keyId: string; teamId: string; topic: string; baseUrl: string } | null;
}

/** A secret given inline or as a path to the file holding it. */
function inlineOrFile(name: string, value: string, inline: (text: string) => boolean): string {
  if (inline(value)) return value;
  try {
    return readFileSync(value, "utf8");
  } catch {
    throw new ConfigError(name, `is neither the value itself nor a readable file (${value})`);
  }
}

function fcmConfig(env: Env): PushConfig["fcm"] {
  if (!env.FCM_SERVICE_ACCOUNT) return null;
  const text = inlineOrFile("FCM_SERVICE_ACCOUNT", env.FCM_SERVICE_ACCOUNT, (v) => v.startsWith("{"));
  let account: { project_id?: unknown; client_email?: unknown; private_key?: unknown };
  try {
    account = JSON.parse(text) as typeof account;
  } catch {
    throw new ConfigError("FCM_SERVICE_ACCOUNT", "is not a service account's JSON key");
  }
  if (typeof account.client_email !== "string" || typeof account.private_key !== "string") {
    throw new ConfigError(
      "FCM_SERVICE_ACCOUNT",
      "has no client_email and private_key (a service account's JSON key)",
    );
  }
  const projectId = env.FCM_PROJECT_ID ?? (typeof account.project_id === "string" ? account.project_id : "");
  if (!projectId)
    throw new ConfigError("FCM_PROJECT_ID", "is required when the service account names no project_id");
  return {
    projectId,
    clientEmail: account.client_email,
    privateKey: account.private_key,
    baseUrl: env.FCM_BASE_URL.replace(/\/+$/, ""),
    tokenUrl: env.FCM_TOKEN_URL,
  };
}

function apnsConfig(env: Env): PushConfig["apns"] {
  if (!env.APNS_KEY) return null;
  for (const name of ["APNS_KEY_ID", "APNS_TEAM_ID", "APNS_TOPIC"] as const) {
    if (!env[name]) throw new ConfigError(name, "is required when APNS_KEY is set");
  }
  return {
    key: inlineOrFile("APNS_KEY", env.APNS_KEY, (v) => v.includes("-----BEGIN")),
    keyId: env.APNS_KEY_ID!,
    teamId: env.APNS_TEAM_ID!,
    topic: env.APNS_TOPIC!,
    baseUrl: env.APNS_BASE_URL.replace(/\/+$/, ""),
  };
}

export function pushConfig(env: Env, publicUrl: string): PushConfig {
  if (!env.WEB_PUSH_VAPID_PUBLIC_KEY !== !env.WEB_PUSH_VAPID_PRIVATE_KEY) {
    throw new ConfigError(
      env.WEB_PUSH_VAPID_PUBLIC_KEY ? "WEB_PUSH_VAPID_PRIVATE_KEY" : "WEB_PUSH_VAPID_PUBLIC_KEY",
      "must be set together with its pair (or neither: Odin makes a key pair once and keeps it in the database)",
    );
  }
  const mailbox = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM.trim();
  return {
    timeoutMs: env.PUSH_TIMEOUT_MS,
    fcm: fcmConfig(env),
    apns: apnsConfig(env),
    webPush: {
      vapid:
        env.WEB_PUSH_VAPID_PUBLIC_KEY && env.WEB_PUSH_VAPID_PRIVATE_KEY
          ? { publicKey: env.WEB_PUSH_VAPID_PUBLIC_KEY, privateKey: env.WEB_PUSH_VAPID_PRIVATE_KEY }
          : null,
      subject:
        env.WEB_PUSH_VAPID_SUBJECT ?? (publicUrl.startsWith("https://") ? publicUrl : `mailto:${mailbox}`),
    },
  };
}
