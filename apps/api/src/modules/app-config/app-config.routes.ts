import { APP_CONFIG_GLOBAL, APP_CONFIG_PATH, LOGIN_SCOPE, type TAppConfig } from "@odin/contract";
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config/env";

/** The web app's runtime configuration (identity provider, owner, map tiles): a script the page loads first. */
export function appConfigFor(config: Config): TAppConfig {
  return {
    oidc: {
      authority: config.identity.issuer,
      clientId: config.identity.clientId,
      audience: config.identity.audience,
      scope: config.identity.scope ?? LOGIN_SCOPE,
    },
    ownerUsername: config.ownerUsername,
    map: { ...config.map },
    exportMaxRecords: config.exports.maxRecords,
    session: { idleMinutes: Math.round(config.sessions.idleMs / 60_000) },
    passwords: { minLength: config.passwords.minLength },
    // The client waits for the server's bound: every source is stopped at SEARCH_SOURCE_TIMEOUT_MS, and
    // the audit row, scope and answer get 10 s more (issue 35 item 6: a loaded server took longer than
    // the client's 10 s and the browser gave up on an answer still coming).
    search: { pageSize: config.search.pageSize, timeoutMs: config.search.sourceTimeoutMs + 10_000 },
    identity: {
      external: !config.identity.builtIn,
      passwords: config.identityAdmin.kind !== "none",
      ...(config.identity.prompt ? { prompt: config.identity.prompt } : {}),
    },
    // Issue 40: the iOS/Android app's toggle only where its alerts can be sent.
    mobilePush: config.push.fcm !== null || config.push.apns !== null,
  };
}

export async function appConfigRoutes(app: FastifyInstance, { config }: { config: Config }) {
  // `<` escaped so the JSON can never close the script element.
  const script = `window.${APP_CONFIG_GLOBAL} = ${JSON.stringify(appConfigFor(config)).replace(/</g, "\\u003c")};\n`;
  app.get(APP_CONFIG_PATH, (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache").send(script),
  );
}
