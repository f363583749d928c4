-- Issue 17 item 1. A search's Rekor and Axon results, kept a few hours so an export can print them
-- from the server's own copy (record references name a snapshot and a position in it). Expired rows
-- are purged by the API.
CREATE TABLE "search_snapshots" (
  "id" UUID NOT NULL,
  "user_id" INTEGER NOT NULL,
  "agency_id" INTEGER,
  "records" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "search_snapshots_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "search_snapshots_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "search_snapshots_expires_at_idx" ON "search_snapshots"("expires_at");

-- The Ed25519 keys that sign exports. The private JWK is sealed with the secrets key, like vendor
-- secrets. Keys are never deleted: a report signed years ago must still verify.
CREATE TABLE "export_signing_keys" (
  "kid" TEXT NOT NULL,
  "private_jwk_ciphertext" TEXT NOT NULL,
  "public_jwk" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "export_signing_keys_pkey" PRIMARY KEY ("kid")
);
