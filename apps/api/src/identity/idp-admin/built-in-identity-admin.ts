import { hashPassword } from "@odin/db";
import { AppError } from "../../lib/app-error";
import type { IdentityAdmin } from "./identity-admin";

/**
 * Odin's own provider: the account is the users row, the password a scrypt hash the built-in sign-in
 * verifies (password-sign-in.ts). No call leaves Odin; the subject is given at the first sign-in.
 */
export const builtInIdentityAdmin: IdentityAdmin = {
  kind: "built-in",
  odinKeepsPasswords: true,
  takesPasswords: true,
  async createAccount({ password }) {
    return { idpSubject: null, passwordHash: await hashPassword(password ?? "") };
  },
  async setPassword(_account, password) {
    return { passwordHash: await hashPassword(password) };
  },
  async removeAccount() {
    // Nothing outside Odin's database to undo.
  },
};

const NOT_ADMINISTERED =
  "Accounts live in your identity provider, which Odin cannot administer (IDP_ADMIN=none): " +
  "create the account or set the password there.";

/**
 * An external issuer without a management API (issue 34): the person's account at the provider is the
 * agency's business; Odin's row is made pending (no subject) and bound at the first sign-in, by
 * verified e-mail or SCIM id (identity/external/account-link.service.ts). Passwords are not Odin's.
 */
export const noIdentityAdmin: IdentityAdmin = {
  kind: "none",
  odinKeepsPasswords: false,
  takesPasswords: false,
  async createAccount() {
    return { idpSubject: null, passwordHash: null };
  },
  setPassword() {
    return Promise.reject(new AppError("CONFLICT", NOT_ADMINISTERED));
  },
  async removeAccount() {
    // Nothing was created.
  },
  sendPasswordReset() {
    return Promise.reject(new AppError("CONFLICT", NOT_ADMINISTERED));
  },
};
