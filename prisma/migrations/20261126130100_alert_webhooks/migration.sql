-- Issue 24 item 3: webhooks for dispatch systems. The delivery trigger now also queues one delivery
-- per enabled webhook of the alert's agency that takes the alert's group (no groups chosen: all).
CREATE TABLE "alert_webhooks" (
    "id" SERIAL NOT NULL,
    "agency_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "group_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "secret_sealed" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "disabled_reason" TEXT,
    "last_success_at" TIMESTAMPTZ(3),
    "last_failure_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "alert_webhooks_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "alert_webhooks_agency_id_idx" ON "alert_webhooks"("agency_id");

ALTER TABLE "alert_webhooks" ADD CONSTRAINT "alert_webhooks_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE OR REPLACE FUNCTION "odin_enqueue_alert_deliveries"() RETURNS trigger
LANGUAGE plpgsql AS E'BEGIN
  INSERT INTO alert_deliveries (alert_id, channel, recipient, user_id)
  SELECT a.id, ''email'', ''user:'' || u.id, u.id
  FROM new_alerts a
  JOIN hotlist_group_members gm ON gm.group_id = a.group_id
  JOIN users u ON u.id = gm.user_id
  WHERE u.email_alerts AND u.approved AND u.deleted_at IS NULL
  ON CONFLICT (alert_id, channel, recipient) DO NOTHING\073
  INSERT INTO alert_deliveries (alert_id, channel, recipient)
  SELECT a.id, ''webhook'', ''webhook:'' || w.id
  FROM new_alerts a
  JOIN hotlist_groups g ON g.id = a.group_id
  JOIN alert_webhooks w ON w.agency_id = g.agency_id AND w.enabled
    AND (coalesce(cardinality(w.group_ids), 0) = 0 OR a.group_id = ANY(w.group_ids))
  ON CONFLICT (alert_id, channel, recipient) DO NOTHING\073
  RETURN NULL\073
END';
