-- Issue 24: alerts delivered by e-mail, webhooks and push through a durable queue in PostgreSQL.
-- The app's role has no DDL, so the queue is a table made here. Its rows are made by a trigger on
-- alerts, in the statement (and so the transaction) that commits the alert, whichever writer
-- (the matcher, the Axis batch insert) made it: an alert is never committed without its deliveries.
-- The trigger function body is an E'' string with \073 for its semicolons (the migrator splits a
-- migration at every semicolon, dollar quotes included).

ALTER TABLE "users" ADD COLUMN "email_alerts" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "web_push_alerts" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "agencies" ADD COLUMN "alert_email_pictures" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "alert_deliveries" (
    "id" BIGSERIAL NOT NULL,
    "alert_id" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "user_id" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "note" TEXT,
    "delivered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alert_deliveries_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "alert_deliveries_alert_id_channel_recipient_key" ON "alert_deliveries"("alert_id", "channel", "recipient");

CREATE INDEX "alert_deliveries_status_next_attempt_at_idx" ON "alert_deliveries"("status", "next_attempt_at");

-- One e-mail delivery per member of the alert's group who turned alert e-mails on. Statement-level
-- with a transition table, so a batch of alerts costs one INSERT.
CREATE OR REPLACE FUNCTION "odin_enqueue_alert_deliveries"() RETURNS trigger
LANGUAGE plpgsql AS E'BEGIN
  INSERT INTO alert_deliveries (alert_id, channel, recipient, user_id)
  SELECT a.id, ''email'', ''user:'' || u.id, u.id
  FROM new_alerts a
  JOIN hotlist_group_members gm ON gm.group_id = a.group_id
  JOIN users u ON u.id = gm.user_id
  WHERE u.email_alerts AND u.approved AND u.deleted_at IS NULL
  ON CONFLICT (alert_id, channel, recipient) DO NOTHING\073
  RETURN NULL\073
END';

CREATE TRIGGER "alerts_enqueue_deliveries"
  AFTER INSERT ON "alerts"
  REFERENCING NEW TABLE AS "new_alerts"
  FOR EACH STATEMENT EXECUTE FUNCTION "odin_enqueue_alert_deliveries"();

-- An alert's deliveries go with it (retention, a deleted group's cascade). A trigger rather than a
-- foreign key, so alerts can be partitioned later.
CREATE OR REPLACE FUNCTION "odin_forget_alert_deliveries"() RETURNS trigger
LANGUAGE plpgsql AS E'BEGIN
  DELETE FROM alert_deliveries d USING old_alerts a WHERE d.alert_id = a.id\073
  RETURN NULL\073
END';

CREATE TRIGGER "alerts_forget_deliveries"
  AFTER DELETE ON "alerts"
  REFERENCING OLD TABLE AS "old_alerts"
  FOR EACH STATEMENT EXECUTE FUNCTION "odin_forget_alert_deliveries"();
