import { randomUUID } from "node:crypto";
import { seedDemoData } from "@odin/db/seed";
import { importJWK, SignJWT, type JWTPayload } from "jose";
import { builtInSubject } from "../src/identity/built-in-provider";
import { loadSigningKeys } from "../src/identity/signing-keys";
import type { TestApp } from "./helpers";

export interface MintOptions {
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  issuer?: string;
  audience?: string;
  claims?: JWTPayload;
  /** Seconds from now of `iat` (default -5). */
  issuedAt?: number;
  /** The header's `typ` (default at+jwt, as the built-in provider sends); null leaves it out. */
  typ?: string | null;
}

/**
 * Tokens signed with the built-in provider's real key, as the provider would issue them: for tests
 * that need many personas quickly, or a token the provider would never issue (expired, wrong audience).
 */
export async function mintToken(t: TestApp, subject: string, options: MintOptions = {}): Promise<string> {
  const [jwk] = await loadSigningKeys(t.prisma, t.secrets);
  const key = await importJWK(jwk!, "RS256");
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: randomUUID(), ...options.claims })
    .setProtectedHeader({
      alg: "RS256",
      kid: jwk!.kid,
      ...(options.typ === null ? {} : { typ: options.typ ?? "at+jwt" }),
    })
    .setIssuer(options.issuer ?? t.config.identity.issuer)
    .setAudience(options.audience ?? t.config.identity.audience)
    .setSubject(subject)
    .setIssuedAt(now + (options.issuedAt ?? -5))
    .setExpirationTime(now + (options.expiresIn ?? 600))
    .sign(key);
}

export const PERSONAS = {
  owner: "owner",
  admin: "hartford.admin",
  investigator: "hartford.investigator",
  hotlistAdmin: "hartford.hotlistadmin",
  hotlistViewer: "hartford.hotlistviewer",
  otherAgencyAdmin: "newhaven.admin",
} as const;

export type Persona = keyof typeof PERSONAS;

/**
 * Seeds the demo agencies and users and gives each user its built-in subject. With `simulatorUrls`
 * the demo Rekor keys and Axon integration point at simulators started by the test.
 */
export async function seedPersonas(
  t: TestApp,
  options: { simulatorUrls?: { rekor: string; axon: string } } = {},
): Promise<Record<Persona, string>> {
  await seedDemoData(t.prisma, { encryptSecret: t.secrets.encrypt, ...options });
  const users = await t.prisma.user.findMany();
  for (const user of users) {
    await t.prisma.user.update({ where: { id: user.id }, data: { idpSubject: builtInSubject(user.id) } });
  }
  const subjects = Object.fromEntries(users.map((user) => [user.username, builtInSubject(user.id)]));
  return Object.fromEntries(
    Object.entries(PERSONAS).map(([persona, username]) => [persona, subjects[username]!]),
  ) as Record<Persona, string>;
}
