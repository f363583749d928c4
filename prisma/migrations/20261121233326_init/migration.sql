-- CreateEnum
CREATE TYPE "user_role" AS ENUM ('admin', 'user');

-- CreateEnum
CREATE TYPE "axon_agency_status" AS ENUM ('authorized', 'blacklisted');

-- CreateTable
CREATE TABLE "agencies" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "agencies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "username" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" "user_role" NOT NULL DEFAULT 'user',
    "hotlist_admin" BOOLEAN NOT NULL DEFAULT false,
    "hotlist_viewer" BOOLEAN NOT NULL DEFAULT false,
    "approved" BOOLEAN NOT NULL DEFAULT false,
    "agency_id" INTEGER,
    "push_alerts" BOOLEAN NOT NULL DEFAULT false,
    "idp_subject" TEXT,
    "password_hash" TEXT,
    "must_change_password" BOOLEAN NOT NULL DEFAULT false,
    "failed_login_count" INTEGER NOT NULL DEFAULT 0,
    "first_failed_login_at" TIMESTAMPTZ(3),
    "locked_at" TIMESTAMPTZ(3),
    "last_login_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" UUID NOT NULL,
    "user_id" INTEGER NOT NULL,
    "idp_session_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "last_seen_at" TIMESTAMPTZ(3),
    "user_agent" TEXT,
    "ip" TEXT,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "password_reset_tokens" (
    "id" SERIAL NOT NULL,
    "token_hash" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "password_reset_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oidc_signing_keys" (
    "kid" TEXT NOT NULL,
    "alg" TEXT NOT NULL DEFAULT 'RS256',
    "private_jwk_ciphertext" TEXT NOT NULL,
    "public_jwk" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "rotated_at" TIMESTAMPTZ(3),
    "retired_at" TIMESTAMPTZ(3),

    CONSTRAINT "oidc_signing_keys_pkey" PRIMARY KEY ("kid")
);

-- CreateTable
CREATE TABLE "oidc_artifacts" (
    "kind" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "grant_id" TEXT,
    "user_code" TEXT,
    "uid" TEXT,
    "expires_at" TIMESTAMPTZ(3),
    "consumed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oidc_artifacts_pkey" PRIMARY KEY ("kind","id")
);

-- CreateTable
CREATE TABLE "rekor_api_keys" (
    "id" SERIAL NOT NULL,
    "agency_id" INTEGER NOT NULL,
    "agency_name" TEXT NOT NULL,
    "api_key_ciphertext" TEXT NOT NULL,
    "api_key_last4" VARCHAR(4) NOT NULL,
    "base_url" TEXT NOT NULL,
    "source_program" TEXT NOT NULL DEFAULT 'Rekor',
    "webhook_token_hash" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rekor_api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rekor_cameras" (
    "id" SERIAL NOT NULL,
    "rekor_api_key_id" INTEGER NOT NULL,
    "camera_id" TEXT NOT NULL,
    "camera_name" TEXT,
    "site_name" TEXT,
    "agent_uid" TEXT,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "corrected_latitude" DOUBLE PRECISION,
    "corrected_longitude" DOUBLE PRECISION,
    "agency_id" INTEGER,
    "is_manual" BOOLEAN NOT NULL DEFAULT false,
    "last_seen_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rekor_cameras_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "axon_integrations" (
    "id" SERIAL NOT NULL,
    "agency_id" INTEGER NOT NULL,
    "client_id" TEXT NOT NULL,
    "client_secret_ciphertext" TEXT NOT NULL,
    "partner_id" TEXT NOT NULL,
    "base_url" TEXT NOT NULL,
    "agency_name" TEXT NOT NULL,
    "poll_cursor" TEXT,
    "last_polled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "axon_integrations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "axon_integration_agencies" (
    "integration_id" INTEGER NOT NULL,
    "agency_id" INTEGER NOT NULL,
    "status" "axon_agency_status" NOT NULL DEFAULT 'authorized',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "axon_integration_agencies_pkey" PRIMARY KEY ("integration_id","agency_id")
);

-- CreateTable
CREATE TABLE "axis_agencies" (
    "id" SERIAL NOT NULL,
    "agency_id" INTEGER NOT NULL,
    "agency_name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "axis_agencies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "axis_integrations" (
    "id" SERIAL NOT NULL,
    "axis_agency_id" INTEGER NOT NULL,
    "identifier" TEXT NOT NULL,
    "ingest_token_hash" TEXT NOT NULL,
    "is_cloud" BOOLEAN NOT NULL DEFAULT false,
    "label" TEXT,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "last_event_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "axis_integrations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "axis_integration_shares" (
    "integration_id" INTEGER NOT NULL,
    "agency_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "axis_integration_shares_pkey" PRIMARY KEY ("integration_id","agency_id")
);

-- CreateTable
CREATE TABLE "detections" (
    "id" BIGSERIAL NOT NULL,
    "source_program" TEXT NOT NULL DEFAULT 'Axis',
    "plate" TEXT NOT NULL,
    "plate_normalized" TEXT NOT NULL,
    "plate_state" TEXT,
    "make" TEXT,
    "color" TEXT,
    "body_type" TEXT,
    "camera_name" TEXT,
    "agency_id" INTEGER NOT NULL,
    "axis_integration_id" INTEGER NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "image_path" TEXT,
    "plate_image_path" TEXT,
    "plate_x1" INTEGER,
    "plate_x2" INTEGER,
    "plate_x3" INTEGER,
    "plate_x4" INTEGER,
    "plate_y1" INTEGER,
    "plate_y2" INTEGER,
    "plate_y3" INTEGER,
    "plate_y4" INTEGER,
    "confidence" DOUBLE PRECISION,
    "direction" TEXT,
    "raw" JSONB,
    "vendor_event_id" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "detections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hotlist_groups" (
    "id" SERIAL NOT NULL,
    "agency_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "image_path" TEXT,
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "archived_at" TIMESTAMPTZ(3),
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "hotlist_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hotlist_group_members" (
    "group_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hotlist_group_members_pkey" PRIMARY KEY ("group_id","user_id")
);

-- CreateTable
CREATE TABLE "hotlist_plates" (
    "id" SERIAL NOT NULL,
    "group_id" INTEGER NOT NULL,
    "plate_number" TEXT NOT NULL,
    "plate_normalized" TEXT NOT NULL,
    "state" TEXT,
    "reason" TEXT NOT NULL,
    "notes" TEXT,
    "attachment_path" TEXT,
    "attachment_mime" TEXT,
    "added_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hotlist_plates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alerts" (
    "id" SERIAL NOT NULL,
    "group_id" INTEGER NOT NULL,
    "hotlist_plate_id" INTEGER,
    "source_program" TEXT NOT NULL,
    "source_read_id" TEXT NOT NULL,
    "plate" TEXT NOT NULL,
    "state" TEXT,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "camera" TEXT,
    "agency_name" TEXT,
    "reason" TEXT NOT NULL,
    "notes" TEXT,
    "date_added" TIMESTAMPTZ(3) NOT NULL,
    "image_path" TEXT,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "axis_detection_id" BIGINT,
    "axis_is_cloud" BOOLEAN,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alerts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_logs" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER,
    "username" TEXT NOT NULL,
    "agency_id" INTEGER,
    "agency_name" TEXT,
    "action" TEXT NOT NULL,
    "query_parameters" JSONB,
    "justification" TEXT,
    "programs_queried" TEXT,
    "plate" TEXT,
    "record_count" INTEGER,
    "detail" JSONB,
    "ip" TEXT,
    "request_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_logs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "agencies_name_key" ON "agencies"("name");

-- CreateIndex
CREATE UNIQUE INDEX "users_username_key" ON "users"("username");

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "users_idp_subject_key" ON "users"("idp_subject");

-- CreateIndex
CREATE INDEX "users_agency_id_idx" ON "users"("agency_id");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_idp_session_id_key" ON "sessions"("idp_session_id");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE INDEX "sessions_expires_at_idx" ON "sessions"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "password_reset_tokens_token_hash_key" ON "password_reset_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens"("user_id");

-- CreateIndex
CREATE INDEX "oidc_artifacts_grant_id_idx" ON "oidc_artifacts"("grant_id");

-- CreateIndex
CREATE INDEX "oidc_artifacts_uid_idx" ON "oidc_artifacts"("uid");

-- CreateIndex
CREATE INDEX "oidc_artifacts_user_code_idx" ON "oidc_artifacts"("user_code");

-- CreateIndex
CREATE INDEX "oidc_artifacts_expires_at_idx" ON "oidc_artifacts"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "rekor_api_keys_webhook_token_hash_key" ON "rekor_api_keys"("webhook_token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "rekor_api_keys_agency_id_agency_name_key" ON "rekor_api_keys"("agency_id", "agency_name");

-- CreateIndex
CREATE INDEX "rekor_cameras_agency_id_idx" ON "rekor_cameras"("agency_id");

-- CreateIndex
CREATE UNIQUE INDEX "rekor_cameras_rekor_api_key_id_camera_id_key" ON "rekor_cameras"("rekor_api_key_id", "camera_id");

-- CreateIndex
CREATE UNIQUE INDEX "axon_integrations_agency_id_key" ON "axon_integrations"("agency_id");

-- CreateIndex
CREATE INDEX "axon_integrations_base_url_idx" ON "axon_integrations"("base_url");

-- CreateIndex
CREATE INDEX "axon_integration_agencies_agency_id_status_idx" ON "axon_integration_agencies"("agency_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "axis_agencies_agency_id_key" ON "axis_agencies"("agency_id");

-- CreateIndex
CREATE UNIQUE INDEX "axis_integrations_identifier_key" ON "axis_integrations"("identifier");

-- CreateIndex
CREATE UNIQUE INDEX "axis_integrations_ingest_token_hash_key" ON "axis_integrations"("ingest_token_hash");

-- CreateIndex
CREATE INDEX "axis_integrations_axis_agency_id_idx" ON "axis_integrations"("axis_agency_id");

-- CreateIndex
CREATE INDEX "axis_integration_shares_agency_id_idx" ON "axis_integration_shares"("agency_id");

-- CreateIndex
CREATE INDEX "detections_timestamp_idx" ON "detections"("timestamp");

-- CreateIndex
CREATE INDEX "detections_agency_id_timestamp_idx" ON "detections"("agency_id", "timestamp");

-- CreateIndex
CREATE INDEX "detections_axis_integration_id_timestamp_idx" ON "detections"("axis_integration_id", "timestamp");

-- CreateIndex
CREATE INDEX "detections_plate_normalized_timestamp_idx" ON "detections"("plate_normalized", "timestamp");

-- CreateIndex
CREATE INDEX "detections_plate_normalized_trgm_idx" ON "detections" USING GIN ("plate_normalized" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "detections_axis_integration_id_vendor_event_id_key" ON "detections"("axis_integration_id", "vendor_event_id");

-- CreateIndex
CREATE INDEX "hotlist_groups_agency_id_archived_idx" ON "hotlist_groups"("agency_id", "archived");

-- CreateIndex
CREATE INDEX "hotlist_groups_created_by_id_idx" ON "hotlist_groups"("created_by_id");

-- CreateIndex
CREATE INDEX "hotlist_group_members_user_id_idx" ON "hotlist_group_members"("user_id");

-- CreateIndex
CREATE INDEX "hotlist_plates_group_id_idx" ON "hotlist_plates"("group_id");

-- CreateIndex
CREATE INDEX "hotlist_plates_plate_normalized_idx" ON "hotlist_plates"("plate_normalized");

-- CreateIndex
CREATE INDEX "hotlist_plates_added_by_id_idx" ON "hotlist_plates"("added_by_id");

-- CreateIndex
CREATE INDEX "alerts_group_id_created_at_idx" ON "alerts"("group_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "alerts_hotlist_plate_id_source_program_source_read_id_key" ON "alerts"("hotlist_plate_id", "source_program", "source_read_id");

-- CreateIndex
CREATE INDEX "audit_logs_agency_id_created_at_idx" ON "audit_logs"("agency_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_logs_created_at_idx" ON "audit_logs"("created_at");

-- CreateIndex
CREATE INDEX "audit_logs_user_id_idx" ON "audit_logs"("user_id");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rekor_api_keys" ADD CONSTRAINT "rekor_api_keys_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rekor_cameras" ADD CONSTRAINT "rekor_cameras_rekor_api_key_id_fkey" FOREIGN KEY ("rekor_api_key_id") REFERENCES "rekor_api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rekor_cameras" ADD CONSTRAINT "rekor_cameras_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "axon_integrations" ADD CONSTRAINT "axon_integrations_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "axon_integration_agencies" ADD CONSTRAINT "axon_integration_agencies_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "axon_integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "axon_integration_agencies" ADD CONSTRAINT "axon_integration_agencies_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "axis_agencies" ADD CONSTRAINT "axis_agencies_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "axis_integrations" ADD CONSTRAINT "axis_integrations_axis_agency_id_fkey" FOREIGN KEY ("axis_agency_id") REFERENCES "axis_agencies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "axis_integration_shares" ADD CONSTRAINT "axis_integration_shares_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "axis_integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "axis_integration_shares" ADD CONSTRAINT "axis_integration_shares_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "detections" ADD CONSTRAINT "detections_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "detections" ADD CONSTRAINT "detections_axis_integration_id_fkey" FOREIGN KEY ("axis_integration_id") REFERENCES "axis_integrations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hotlist_groups" ADD CONSTRAINT "hotlist_groups_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hotlist_groups" ADD CONSTRAINT "hotlist_groups_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hotlist_group_members" ADD CONSTRAINT "hotlist_group_members_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "hotlist_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hotlist_group_members" ADD CONSTRAINT "hotlist_group_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hotlist_plates" ADD CONSTRAINT "hotlist_plates_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "hotlist_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hotlist_plates" ADD CONSTRAINT "hotlist_plates_added_by_id_fkey" FOREIGN KEY ("added_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "hotlist_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_hotlist_plate_id_fkey" FOREIGN KEY ("hotlist_plate_id") REFERENCES "hotlist_plates"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
