import { randomInt } from "node:crypto";
import { MFA_RECOVERY_CODE_COUNT } from "@odin/contract";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

/** RFC 6238 with the parameters every authenticator app supports: SHA-1, 6 digits, 30 seconds. */
const PERIOD_SECONDS = 30;
const ISSUER = "Odin";

/** The `acr` the built-in provider gives a sign-in with a second factor (the value Auth0 uses too). */
export const MFA_ACR = "http://schemas.openid.net/pape/policies/2007/06/multi-factor";
/** RFC 8176 method references: a password, then a one-time password. */
export const MFA_AMR = ["pwd", "otp"];

const totp = (secret: string, label = "") =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new 160-bit secret (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL an authenticator app reads, and the same as a QR code (an SVG data URL). */
export async function enrolmentOf(secret: string, username: string) {
  const url = totp(secret, username).toString();
  const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { url, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/**
 * The time step of the code if it is right now or one step either side (clock drift), else null.
 * Callers then claim the step, so no code is accepted twice (repository: claimTotpStep).
 */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** The current code of a secret (tests and the journey compute theirs with their own otpauth). */
export function currentCode(secret: string, now = Date.now()): string {
  return totp(secret).generate({ timestamp: now });
}

// No 0/o, 1/l/i: recovery codes are read off paper.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten recovery codes, `xxxxx-xxxxx` (about 49 bits each). */
export function newRecoveryCodes(): string[] {
  const one = () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return Array.from({ length: MFA_RECOVERY_CODE_COUNT }, () => {
    const chars = one().join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed (any case, spaces or dashes) in the form its hash was made of. */
export function normaliseRecoveryCode(code: string): string {
  const plain = code.toLowerCase().replace(/[\s-]/g, "");
  return plain.length === 10 ? `${plain.slice(0, 5)}-${plain.slice(5)}` : plain;
}
