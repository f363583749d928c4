import type { IdentityAdminConfig } from "../../config/env";
import { createAuth0IdentityAdmin } from "./auth0-identity-admin";
import { builtInIdentityAdmin, noIdentityAdmin } from "./built-in-identity-admin";

/** What Odin stores for an account once the identity provider holds it. */
export interface ProvisionedAccount {
  /** The provider's `sub` for the account; null for built-in accounts (given at first sign-in). */
  idpSubject: string | null;
  /** The built-in provider's password hash; null when the provider keeps the password. */
  passwordHash: string | null;
}

export interface NewAccount {
  username: string;
  name: string;
  email: string;
  /** Absent only for a provider that keeps its own passwords and is not administered (IDP_ADMIN=none). */
  password?: string;
}

export interface AccountRef {
  email: string;
  idpSubject: string | null;
}

/**
 * The identity provider's side of user administration, one implementation per provider, chosen by
 * configuration (IDP_ADMIN): the admin and owner services never know which provider holds passwords.
 */
export interface IdentityAdmin {
  readonly kind: IdentityAdminConfig["kind"];
  /** Whether Odin's change-password screen can change the password (so a reset may require it). */
  readonly odinKeepsPasswords: boolean;
  /**
   * Whether adding a person takes a password (built-in, Auth0). Without (IDP_ADMIN=none, issue 34) the
   * account is made pending in Odin and bound to the person's subject at their first sign-in.
   */
  readonly takesPasswords: boolean;
  createAccount(account: NewAccount): Promise<ProvisionedAccount>;
  /** Sets a password (the owner's reset, re-adding a deleted user); returns the new hash, if Odin keeps it. */
  setPassword(account: AccountRef, password: string): Promise<{ passwordHash: string | null }>;
  /** Undoes a createAccount whose Odin row could not be written. Best effort: never throws. */
  removeAccount(idpSubject: string): Promise<void>;
  /** The provider's own reset e-mail; absent when Odin sends its own reset link. */
  sendPasswordReset?(account: AccountRef): Promise<void>;
}

/**
 * The provider refused or failed. `message` is the provider's reason, sanitised (no secrets, no
 * internals beyond its own words), which the add-user screen shows after 'Auth0 provisioning failed: '.
 */
export class IdentityProviderError extends Error {
  constructor(
    message: string,
    /** The provider's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = "IdentityProviderError";
  }
}

export function createIdentityAdmin(config: IdentityAdminConfig): IdentityAdmin {
  switch (config.kind) {
    case "built-in":
      return builtInIdentityAdmin;
    case "none":
      return noIdentityAdmin;
    case "auth0":
      return createAuth0IdentityAdmin({
        baseUrl: `https://${config.domain}`,
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        connection: config.connection,
        appClientId: config.appClientId,
      });
  }
}
