import type { Database } from "../../lib/database";
import type { IdentityAdmin } from "../../identity/idp-admin/identity-admin";
import { IdentityProviderError } from "../../identity/idp-admin/identity-admin";
import { AppError } from "../../lib/app-error";
import type { Mailer } from "../../mail/mailer";
import type { Actor } from "../../access/actor";

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

/**
 * Which agency an admin call reaches: the caller's own, or every agency for the owner (the one
 * cross-agency user); null for an admin without an agency, who reaches nothing.
 */
export function administeredAgency(auth: Actor): number | "all" | null {
  return auth.isOwner ? "all" : auth.user.agencyId;
}

/** The agency the caller's new rows belong to (keys, integrations); the owner must use an agency's admin. */
export function requireOwnAgency(auth: Actor): number {
  if (auth.user.agencyId === null) {
    throw new AppError(
      "CONFLICT",
      "Your account belongs to no agency: this is done by an admin of the agency.",
    );
  }
  return auth.user.agencyId;
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
