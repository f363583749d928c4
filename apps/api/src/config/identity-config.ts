import { ConfigError } from "./config-error";
import type { Env } from "./env-schema";

export interface IdentityConfig {
  /** true: Odin's own OpenID provider at {publicUrl}/oidc; false: the external OIDC_ISSUER. */
  builtIn: boolean;
  issuer: string;
  clientId: string;
  audience: string;
  /**
   * OIDC_REQUIRED_AMR / OIDC_REQUIRED_ACR (issue 18 item 5): tokens must name one of these `amr`
   * methods (e.g. mfa, otp, hwk) and carry one of these `acr` values; empty lists require nothing.
   * For external issuers, which do their own MFA; the built-in provider sets amr ["pwd","otp"].
   */
  requiredMfa?: { amr: string[]; acr: string[] };
  /**
   * OIDC_PROMPT (issue 34): the `prompt` the web app sends with every sign-in at an external issuer.
   * Unset: `consent`, since OIDC Core §11 lets an issuer ignore `offline_access` (no refresh token)
   * without it; empty: none (Entra ID and Auth0 give refresh tokens without it and would ask for
   * consent at every sign-in). Never sent to the built-in provider.
   */
  prompt?: string;
  /**
   * OIDC_SCOPE (issue 34): the scope the web app asks for. Unset: `openid profile email offline_access`.
   * Entra ID issues an access token for Odin's API only when one of the API's own scopes is asked
   * (`api://<app id>/access_as_user`), so an agency on Entra adds it here.
   */
  scope?: string;
}

const listOf = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/** Who signs users in (OIDC_*): Odin's own provider at {publicUrl}/oidc, or the external issuer. */
export function identityConfig(env: Env, publicUrl: string, builtIn: boolean): IdentityConfig {
  return {
    builtIn,
    issuer: builtIn ? `${publicUrl}/oidc` : env.OIDC_ISSUER!, // exact, trailing slash included (Auth0 has one)
    clientId: env.OIDC_CLIENT_ID,
    audience: env.OIDC_AUDIENCE,
    requiredMfa: { amr: listOf(env.OIDC_REQUIRED_AMR), acr: listOf(env.OIDC_REQUIRED_ACR) },
    ...(builtIn ? {} : { prompt: env.OIDC_PROMPT ?? "consent" }),
    ...(env.OIDC_SCOPE ? { scope: env.OIDC_SCOPE } : {}),
  };
}

/**
 * built-in: Odin's own provider, passwords hashed in Odin. auth0: accounts are created and passwords
 * set through the Auth0 Management API (a machine-to-machine application with create:users and
 * update:users). none: an external issuer Odin cannot administer; accounts are made there.
 */
export type IdentityAdminConfig =
  | { kind: "built-in" }
  | { kind: "none" }
  | {
      kind: "auth0";
      /** The tenant's host, e.g. odin.us.auth0.com. */
      domain: string;
      clientId: string;
      clientSecret: string;
      /** The database connection new users are created in. */
      connection: string;
      /** The web app's client id, which Auth0's change-password mail is sent for. */
      appClientId: string;
    };

export function identityAdminConfig(env: Env, builtIn: boolean): IdentityAdminConfig {
  const kind = env.IDP_ADMIN ?? (builtIn ? "built-in" : "none");
  if (kind === "built-in" && !builtIn) {
    throw new ConfigError("IDP_ADMIN", "cannot be built-in with an external OIDC_ISSUER (use auth0 or none)");
  }
  if (kind !== "auth0") return { kind };
  if (builtIn) throw new ConfigError("IDP_ADMIN", "auth0 needs OIDC_ISSUER set to the Auth0 tenant");
  for (const name of ["AUTH0_DOMAIN", "AUTH0_MGMT_CLIENT_ID", "AUTH0_MGMT_CLIENT_SECRET"] as const) {
    if (!env[name]) throw new ConfigError(name, "is required when IDP_ADMIN=auth0");
  }
  return {
    kind,
    domain: env.AUTH0_DOMAIN!,
    clientId: env.AUTH0_MGMT_CLIENT_ID!,
    clientSecret: env.AUTH0_MGMT_CLIENT_SECRET!,
    connection: env.AUTH0_CONNECTION,
    appClientId: env.OIDC_CLIENT_ID,
  };
}
