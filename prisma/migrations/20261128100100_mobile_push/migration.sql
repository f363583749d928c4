-- Issue 24 item 5: mobile push. A device of a signed-in user registers its push token (FCM or APNs).
-- The delivery trigger now also queues one mobile_push delivery per device of each member of the
-- alert group whose push alerts toggle (the spec push_alerts) is on.

CREATE TABLE "push_devices" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "platform" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "last_success_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "push_devices_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "push_devices_platform_token_key" ON "push_devices"("platform", "token");

CREATE INDEX "push_devices_user_id_idx" ON "push_devices"("user_id");

ALTER TABLE "push_devices" ADD CONSTRAINT "push_devices_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

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
  INSERT INTO alert_deliveries (alert_id, channel, recipient, user_id)
  SELECT a.id, ''mobile_push'', ''mobile_push:'' || p.id, u.id
  FROM new_alerts a
  JOIN hotlist_group_members gm ON gm.group_id = a.group_id
  JOIN users u ON u.id = gm.user_id
  JOIN push_devices p ON p.user_id = u.id
  WHERE u.push_alerts AND u.approved AND u.deleted_at IS NULL
  ON CONFLICT (alert_id, channel, recipient) DO NOTHING\073
  RETURN NULL\073
END';
