-- Issue 24 item 4: Web Push. A browser subscription per user and browser, and the VAPID key pair made
-- once when none is configured (one row: replicas that race to make it keep the first one written).
-- The delivery trigger now also queues one web_push delivery per subscription of each member of the
-- alert group who turned browser push alerts on.

CREATE TABLE "web_push_subscriptions" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "endpoint" TEXT NOT NULL,
    "keys_sealed" TEXT NOT NULL,
    "user_agent" TEXT,
    "last_success_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "web_push_subscriptions_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "web_push_subscriptions_endpoint_key" ON "web_push_subscriptions"("endpoint");

CREATE INDEX "web_push_subscriptions_user_id_idx" ON "web_push_subscriptions"("user_id");

ALTER TABLE "web_push_subscriptions" ADD CONSTRAINT "web_push_subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "web_push_vapid_keys" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "public_key" TEXT NOT NULL,
    "private_key_sealed" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "web_push_vapid_keys_pkey" PRIMARY KEY ("id")
);

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
  INSERT INTO alert_deliveries (alert_id, channel, recipient, user_id)
  SELECT a.id, ''web_push'', ''web_push:'' || s.id, u.id
  FROM new_alerts a
  JOIN hotlist_group_members gm ON gm.group_id = a.group_id
  JOIN users u ON u.id = gm.user_id
  JOIN web_push_subscriptions s ON s.user_id = u.id
  WHERE u.web_push_alerts AND u.approved AND u.deleted_at IS NULL
  ON CONFLICT (alert_id, channel, recipient) DO NOTHING\073
  RETURN NULL\073
END';
