import type { Database } from "../../lib/database";
import type { IdentityAdmin } from "../../identity/idp-admin/identity-admin";
import { IdentityProviderError } from "../../identity/idp-admin/identity-admin";
import { AppError } from "../../lib/app-error";
import type { Mailer } from "../../mail/mailer";

/** What user administration needs (admin and owner screens alike). */
export interface UserAdminDeps {
  prisma: Database;
  identityAdmin: IdentityAdmin;
  /** OWNER_USERNAME: the one cross-agency account, which no one else may take or remove. */
  ownerUsername: string;
  /** Odin's own reset links (built-in provider). */
  mailer: Mailer;
  publicUrl: string;
  /** LOCKOUT_MINUTES: how long a lockout lasts, so the user lists can say until when. */
  lockoutMs: number;
}

/** The provider refused: a 502 whose message is its sanitised reason (the screen prefixes it). */
export async function atProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof IdentityProviderError) throw new AppError("UPSTREAM_FAILED", error.message);
    throw error;
  }
}
