-- Issue 34: the agency's own identity provider.
--
-- users.deactivated_at: an account switched off without being deleted (SCIM `active: false`, or an
-- admin): the auth hook refuses its tokens at once, its sessions are ended, nothing of it is removed,
-- and setting it back to null gives the person their access again.
-- users.scim_external_id: the provisioning system's id for the person (Entra's object id, Okta's user
-- id): a pending account (idp_subject null) provisioned through SCIM is linked at its first sign-in
-- when the token's `sub` or `oid` equals it.
-- users.idp_managed: the account's role, hotlist flags and agency come from the agency's mapping rules
-- (just-in-time provisioning, or an account a rule took over): re-checked on every new token.
-- users.idp_claims: the claims of the person's last ID token (POST /session/link), which the rules
-- read beside the access token's (Entra ID puts `groups` in the ID token only, unless told otherwise).
ALTER TABLE "users" ADD COLUMN "deactivated_at" TIMESTAMPTZ(3);
ALTER TABLE "users" ADD COLUMN "scim_external_id" TEXT;
ALTER TABLE "users" ADD COLUMN "idp_managed" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "users" ADD COLUMN "idp_claims" JSONB;
CREATE UNIQUE INDEX "users_agency_id_scim_external_id_key" ON "users" ("agency_id", "scim_external_id");

-- The owner's mapping rules, per agency: a claim (a dotted path into the token's claims, such as
-- `groups`, `roles` or `realm_access.roles`) holding a value gives the role and flags. A sign-in whose
-- claims match rules of one agency gets the highest role and every flag of the rules it matches,
-- rules of two agencies at once are refused as ambiguous.
CREATE TABLE "idp_role_rules" (
  "id" SERIAL PRIMARY KEY,
  "agency_id" INTEGER NOT NULL REFERENCES "agencies" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "claim" TEXT NOT NULL,
  "value" TEXT NOT NULL,
  "role" "user_role" NOT NULL DEFAULT 'user',
  "hotlist_admin" BOOLEAN NOT NULL DEFAULT false,
  "hotlist_viewer" BOOLEAN NOT NULL DEFAULT false,
  "auditor" BOOLEAN NOT NULL DEFAULT false,
  -- Who added it (a user id, and the audit row names them too). Not a foreign key: removing a user keeps the rule.
  "created_by" INTEGER,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "idp_role_rules_claim_value_agency_key" ON "idp_role_rules" ("claim", "value", "agency_id");
CREATE INDEX "idp_role_rules_agency_id_idx" ON "idp_role_rules" ("agency_id");
