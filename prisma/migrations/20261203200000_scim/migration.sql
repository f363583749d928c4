-- Issue 34 item 3: SCIM 2.0 provisioning (RFC 7643/7644) from an agency's Entra ID or Okta
-- (apps/api/src/modules/scim, docs/identity.md "SCIM provisioning").
--
-- users.scim_name: the SCIM `name` parts (givenName, familyName, middleName, formatted) as the
-- provisioning system sent them, so a GET answers what was PUT or PATCHed, while users.name stays the name
-- Odin shows.
ALTER TABLE "users" ADD COLUMN "scim_name" JSONB;

-- The agency's SCIM bearer tokens: only hashToken's SHA-256 of the token is kept, and at most one is
-- live (revoked_at null) per agency (creating one revokes the one before, in one transaction).
-- created_by is the admin who made it (no foreign key: the audit row is the record).
CREATE TABLE "scim_tokens" (
    "id" SERIAL NOT NULL,
    "agency_id" INTEGER NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" INTEGER,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "scim_tokens_pkey" PRIMARY KEY ("id")
);

-- SCIM groups of an agency and their members (users of that agency). The agency's mapping rules on
-- the claim `groups` match a group's display name, external id or id.
CREATE TABLE "scim_groups" (
    "id" UUID NOT NULL,
    "agency_id" INTEGER NOT NULL,
    "display_name" TEXT NOT NULL,
    "external_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scim_groups_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "scim_group_members" (
    "group_id" UUID NOT NULL,
    "user_id" INTEGER NOT NULL,

    CONSTRAINT "scim_group_members_pkey" PRIMARY KEY ("group_id","user_id")
);

CREATE UNIQUE INDEX "scim_tokens_token_hash_key" ON "scim_tokens"("token_hash");
CREATE INDEX "scim_tokens_agency_id_idx" ON "scim_tokens"("agency_id");
-- Entra ID matches groups by displayName: unique per agency.
CREATE UNIQUE INDEX "scim_groups_agency_id_display_name_key" ON "scim_groups"("agency_id", "display_name");
CREATE INDEX "scim_group_members_user_id_idx" ON "scim_group_members"("user_id");

ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "scim_groups" ADD CONSTRAINT "scim_groups_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "scim_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
