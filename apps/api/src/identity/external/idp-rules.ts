/**
 * Issue 34 item 2: roles and agency from the agency's identity provider. The owner keeps rules per
 * agency (idp_role_rules): a claim (a dotted path into the token's claims: `groups`, `roles`,
 * `realm_access.roles`) holding a value gives a role and hotlist flags. Pure: no database here.
 *
 * A token matches a rule when the claim at its path equals the value or is an array holding it
 * (Entra ID's `groups` of object ids, Keycloak's `realm_access.roles`, Okta's `groups` of names).
 * Rules of one agency combine: the highest role (admin over user) and every flag of the rules matched.
 * Rules of two agencies matched at once are refused: Odin will not guess which agency a person is in.
 */
export interface IdpRule {
  id: number;
  agencyId: number;
  claim: string;
  value: string;
  role: "admin" | "user";
  hotlistAdmin: boolean;
  hotlistViewer: boolean;
  auditor: boolean;
}

export interface RuleGrant {
  agencyId: number;
  role: "admin" | "user";
  hotlistAdmin: boolean;
  hotlistViewer: boolean;
  auditor: boolean;
  /** The rules matched, for the audit row. */
  ruleIds: number[];
}

export type RuleOutcome =
  { kind: "none" } | { kind: "grant"; grant: RuleGrant } | { kind: "ambiguous"; agencyIds: number[] };

/** The claim paths a rule may name: letters, digits, `_`, `-`, `:`, `/` and `.` between segments. */
export const CLAIM_PATH = /^[A-Za-z0-9_:/-]+(\.[A-Za-z0-9_:/-]+){0,4}$/;

/** The value at a dotted path of the claims, or undefined. A key that itself holds dots wins. */
export function claimAt(claims: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(claims, path)) return claims[path];
  let here: unknown = claims;
  for (const segment of path.split(".")) {
    if (!here || typeof here !== "object" || Array.isArray(here)) return undefined;
    if (!Object.hasOwn(here, segment)) return undefined;
    here = (here as Record<string, unknown>)[segment];
  }
  return here;
}

/** Whether the claim holds the value (a string equal to it, or an array with it; case kept). */
export function holds(claim: unknown, value: string): boolean {
  if (typeof claim === "string") return claim === value;
  if (Array.isArray(claim)) return claim.some((item) => item === value);
  return false;
}

export function evaluateRules(rules: readonly IdpRule[], claims: Record<string, unknown>): RuleOutcome {
  const matched = rules.filter((rule) => holds(claimAt(claims, rule.claim), rule.value));
  if (matched.length === 0) return { kind: "none" };
  const agencyIds = [...new Set(matched.map((rule) => rule.agencyId))].sort((a, b) => a - b);
  if (agencyIds.length > 1) return { kind: "ambiguous", agencyIds };
  return {
    kind: "grant",
    grant: {
      agencyId: agencyIds[0]!,
      role: matched.some((rule) => rule.role === "admin") ? "admin" : "user",
      hotlistAdmin: matched.some((rule) => rule.hotlistAdmin),
      hotlistViewer: matched.some((rule) => rule.hotlistViewer),
      auditor: matched.some((rule) => rule.auditor),
      ruleIds: matched.map((rule) => rule.id).sort((a, b) => a - b),
    },
  };
}

/** Whether a user already holds exactly what a grant gives. */
export function holdsGrant(
  user: {
    agencyId: number | null;
    role: string;
    hotlistAdmin: boolean;
    hotlistViewer: boolean;
    auditor: boolean;
  },
  grant: RuleGrant,
): boolean {
  return (
    user.agencyId === grant.agencyId &&
    user.role === grant.role &&
    user.hotlistAdmin === grant.hotlistAdmin &&
    user.hotlistViewer === grant.hotlistViewer &&
    user.auditor === grant.auditor
  );
}
