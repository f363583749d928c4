-- Issue 38 item 2: API clients (service accounts) for an agency other systems: a CAD, an RMS, a real-time
-- crime centre. Each client is an account of its own (users.service_account), so every rule that holds for
-- a person holds for it: its agency scopes what it sees, every call writes its audit row under its name,
-- a search still needs a justification and the agency case fields. It never signs in with a password and
-- is never listed with the agency people. Its credentials and limits are this table s row.
ALTER TABLE "users" ADD COLUMN "service_account" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "api_clients" (
  "id" SERIAL PRIMARY KEY,
  "agency_id" INTEGER NOT NULL REFERENCES "agencies"("id") ON DELETE CASCADE,
  -- The client account: its name in the audit log, its agency, its flags.
  "user_id" INTEGER NOT NULL UNIQUE REFERENCES "users"("id") ON DELETE RESTRICT,
  "name" TEXT NOT NULL,
  -- built_in: Odin provider issues its tokens (OAuth 2.0 client credentials at /oidc/token), and
  -- `client_id` is the id it authenticates with. external: the agency issuer does, and `client_id` is
  -- the `sub` its tokens carry (the account the auth hook finds them by).
  "issuer" TEXT NOT NULL DEFAULT 'built_in' CHECK ("issuer" IN ('built_in', 'external')),
  "client_id" TEXT NOT NULL UNIQUE,
  -- The built-in client secret, sealed with the secrets key (shown to the admin once).
  "secret_sealed" TEXT,
  "scopes" TEXT[] NOT NULL,
  "rate_limit_per_minute" INTEGER NOT NULL DEFAULT 600 CHECK ("rate_limit_per_minute" BETWEEN 1 AND 100000),
  "expires_at" TIMESTAMPTZ(3),
  "created_by" INTEGER REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "secret_rotated_at" TIMESTAMPTZ(3),
  "last_used_at" TIMESTAMPTZ(3),
  "deactivated_at" TIMESTAMPTZ(3),
  CHECK (("issuer" = 'built_in') = ("secret_sealed" IS NOT NULL))
);
CREATE INDEX "api_clients_agency_id_idx" ON "api_clients" ("agency_id");
-- Two live clients of one agency never share a name: the audit log tells them apart by it.
CREATE UNIQUE INDEX "api_clients_live_name_key" ON "api_clients" ("agency_id", lower("name"))
  WHERE "deactivated_at" IS NULL;
