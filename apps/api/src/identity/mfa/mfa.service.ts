import { MFA_MESSAGES, type TMfaEnrolment, type TMfaPolicy, type TMfaStatus } from "@odin/contract";
import { hashToken, type SecretBox, type User } from "@odin/db";
import type { Actor } from "../../access/actor";
import { AppError } from "../../lib/app-error";
import type { Database } from "../../lib/database";
import { writeAudit, writeAuditFor, type AuditSubject } from "../../lib/audit-rows.repository";
import { countFailedSecretCheck, DEFAULT_LOCKOUT_MS } from "../sign-in-failures.repository";
import {
  activatePendingSecret,
  claimRecoveryCode,
  claimTotpStep,
  clearMfa,
  countUnusedRecoveryCodes,
  readAgencyMfaRequired,
  readInstanceMfaRequired,
  savePendingSecret,
  writeAgencyMfaRequired,
  writeInstanceMfaRequired,
} from "./mfa.repository";
import { enrolmentOf, matchingStep, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode } from "./totp";

/**
 * Multi-factor sign-in of the built-in provider (issue 18 item 5, CJIS 5.6.2.2.1): TOTP secrets sealed
 * with the secrets key, 10 single-use recovery codes kept as hashes, each TOTP step accepted once.
 */
export interface MfaDeps {
  prisma: Database;
  secrets: SecretBox;
  /** False with an external issuer: it does its own MFA (OIDC_REQUIRED_AMR / OIDC_REQUIRED_ACR). */
  builtIn: boolean;
  /** LOCKOUT_MINUTES: wrong codes on the profile count toward the sign-in lockout (issue 36, F21). */
  lockoutMs?: number;
}

type MfaUser = Pick<User, "id" | "username" | "agencyId" | "mfaSecret" | "mfaPendingSecret">;

/** Whether the user must sign in with a second factor: the owner's rule for all, or their agency's. */
export async function isMfaRequired(prisma: Database, user: Pick<User, "agencyId">): Promise<boolean> {
  const [all, agency] = await Promise.all([
    readInstanceMfaRequired(prisma),
    readAgencyMfaRequired(prisma, user.agencyId),
  ]);
  return all || agency;
}

export async function mfaStatus(deps: MfaDeps, { user }: Actor): Promise<TMfaStatus> {
  return {
    enabled: user.mfaSecret !== null,
    required: await isMfaRequired(deps.prisma, user),
    recovery_codes_left: user.mfaSecret ? await countUnusedRecoveryCodes(deps.prisma, user.id) : 0,
    available: deps.builtIn,
  };
}

/** A new secret, kept sealed as the pending one until a first code confirms it. */
export async function startEnrolment(deps: MfaDeps, user: MfaUser): Promise<TMfaEnrolment> {
  if (!deps.builtIn) throw new AppError("CONFLICT", MFA_MESSAGES.external);
  if (user.mfaSecret) throw new AppError("CONFLICT", MFA_MESSAGES.alreadyOn);
  const secret = newTotpSecret();
  await savePendingSecret(deps.prisma, user.id, deps.secrets.encrypt(secret));
  const { url, qrCode } = await enrolmentOf(secret, user.username);
  return { secret, otpauth_url: url, qr_code: qrCode };
}

/** The set-up in progress (the same secret on every page load), or a new one. */
export async function enrolmentInProgress(deps: MfaDeps, user: MfaUser): Promise<TMfaEnrolment> {
  if (!user.mfaPendingSecret || user.mfaSecret) return startEnrolment(deps, user);
  const secret = deps.secrets.decrypt(user.mfaPendingSecret);
  const { url, qrCode } = await enrolmentOf(secret, user.username);
  return { secret, otpauth_url: url, qr_code: qrCode };
}

/**
 * The first code proves the app holds the secret: MFA is on, and the recovery codes are answered
 * this once (only their hashes are kept). Null when the code is wrong.
 */
export async function confirmEnrolment(
  deps: MfaDeps,
  user: MfaUser,
  code: string,
  who: AuditSubject,
): Promise<string[] | null> {
  if (user.mfaSecret) throw new AppError("CONFLICT", MFA_MESSAGES.alreadyOn);
  if (!user.mfaPendingSecret) throw new AppError("CONFLICT", MFA_MESSAGES.noEnrolment);
  const step = matchingStep(deps.secrets.decrypt(user.mfaPendingSecret), code.trim());
  if (step === null) return null;
  const codes = newRecoveryCodes();
  const activated = await activatePendingSecret(
    deps.prisma,
    user.id,
    user.mfaPendingSecret,
    step,
    codes.map((one) => hashToken(one)),
  );
  if (!activated) throw new AppError("CONFLICT", MFA_MESSAGES.noEnrolment);
  await writeAuditFor(deps.prisma, who, { action: "mfa_enrolled" });
  return codes;
}

/**
 * Checks a second factor: a TOTP code (its step claimed, so never accepted twice) or a recovery code
 * (used up). Answers how, or null when neither matches; the caller counts a miss as a failed sign-in.
 */
export async function verifySecondFactor(
  deps: MfaDeps,
  user: MfaUser,
  code: string,
  who: AuditSubject,
): Promise<"otp" | "recovery" | null> {
  if (!user.mfaSecret) return null;
  const typed = code.trim().replace(/\s/g, "");
  if (/^\d{6}$/.test(typed)) {
    const step = matchingStep(deps.secrets.decrypt(user.mfaSecret), typed);
    return step !== null && (await claimTotpStep(deps.prisma, user.id, step)) ? "otp" : null;
  }
  if (!(await claimRecoveryCode(deps.prisma, user.id, hashToken(normaliseRecoveryCode(typed))))) return null;
  const left = await countUnusedRecoveryCodes(deps.prisma, user.id);
  await writeAuditFor(deps.prisma, who, { action: "mfa_recovery_code_used", detail: { codes_left: left } });
  return "recovery";
}

const subjectOf = ({ user, ip, requestId }: Actor): AuditSubject => ({
  userId: user.id,
  username: user.username,
  agencyId: user.agencyId,
  ip,
  requestId,
});

/** A wrong code given behind a session: counted toward the sign-in lockout and audited, then refused. */
async function refuseWrongCode(deps: MfaDeps, actor: Actor, during: "confirm" | "disable"): Promise<never> {
  await countFailedSecretCheck(
    deps.prisma,
    { ...subjectOf(actor), userId: actor.user.id },
    { action: "mfa_code_failed", detail: { during } },
    deps.lockoutMs ?? DEFAULT_LOCKOUT_MS,
  );
  throw new AppError("VALIDATION_FAILED", MFA_MESSAGES.wrongCode, [
    { path: "code", message: MFA_MESSAGES.wrongCode },
  ]);
}

export async function confirmOwnEnrolment(deps: MfaDeps, actor: Actor, code: string): Promise<string[]> {
  const codes = await confirmEnrolment(deps, actor.user, code, subjectOf(actor));
  if (!codes) return refuseWrongCode(deps, actor, "confirm");
  return codes;
}

/** Turning one's own MFA off needs a current code, and is refused while the agency or owner requires it. */
export async function disableOwnMfa(deps: MfaDeps, actor: Actor, code: string): Promise<string> {
  const { user } = actor;
  if (!user.mfaSecret) return MFA_MESSAGES.disabled;
  if (await isMfaRequired(deps.prisma, user)) throw new AppError("CONFLICT", MFA_MESSAGES.required);
  if (!(await verifySecondFactor(deps, user, code, subjectOf(actor))))
    return refuseWrongCode(deps, actor, "disable");
  await clearMfa(deps.prisma, user.id);
  await writeAudit(deps.prisma, actor, { action: "mfa_disabled" });
  return MFA_MESSAGES.disabled;
}

async function policyOf(prisma: Database, agencyId: number | null): Promise<TMfaPolicy> {
  const [all, agency] = await Promise.all([
    readInstanceMfaRequired(prisma),
    readAgencyMfaRequired(prisma, agencyId),
  ]);
  return { agency_required: agency, all_required: all };
}

export function readMfaPolicy(deps: Pick<MfaDeps, "prisma">, actor: Actor): Promise<TMfaPolicy> {
  return policyOf(deps.prisma, actor.user.agencyId);
}

/** An admin requires MFA of their own agency's users (or stops requiring it). */
export async function setAgencyMfaPolicy(deps: Pick<MfaDeps, "prisma">, actor: Actor, required: boolean) {
  const agencyId = actor.user.agencyId;
  if (agencyId === null)
    throw new AppError("CONFLICT", "Your account belongs to no agency: the owner sets the rule for all.");
  await writeAgencyMfaRequired(deps.prisma, agencyId, required);
  await writeAudit(deps.prisma, actor, {
    action: "mfa_policy_changed",
    detail: { scope: "agency", agency_id: agencyId, required },
  });
  return policyOf(deps.prisma, agencyId);
}

/** The owner requires MFA of everyone (or stops requiring it; agencies' own rules stay). */
export async function setInstanceMfaPolicy(deps: Pick<MfaDeps, "prisma">, actor: Actor, required: boolean) {
  await writeInstanceMfaRequired(deps.prisma, required);
  await writeAudit(deps.prisma, actor, { action: "mfa_policy_changed", detail: { scope: "all", required } });
  return policyOf(deps.prisma, actor.user.agencyId);
}
