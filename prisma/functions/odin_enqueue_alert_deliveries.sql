-- Today's definition, as the migrated database prints it. Generated: change it in a new migration,
-- then run `pnpm --filter @odin/db sql:definitions` (packages/db/test/sql-definitions.test.ts fails
-- while this file and the migrations disagree). docs/architecture.md, "SQL by hand".

CREATE OR REPLACE FUNCTION public.odin_enqueue_alert_deliveries()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$BEGIN
  INSERT INTO alert_deliveries (alert_id, channel, recipient, user_id)
  SELECT a.id, 'email', 'user:' || u.id, u.id
  FROM new_alerts a
  JOIN hotlist_group_members gm ON gm.group_id = a.group_id
  JOIN users u ON u.id = gm.user_id
  WHERE u.email_alerts AND u.approved AND u.deleted_at IS NULL
  ON CONFLICT (alert_id, channel, recipient) DO NOTHING;
  INSERT INTO alert_deliveries (alert_id, channel, recipient)
  SELECT a.id, 'webhook', 'webhook:' || w.id
  FROM new_alerts a
  JOIN hotlist_groups g ON g.id = a.group_id
  JOIN alert_webhooks w ON w.agency_id = g.agency_id AND w.enabled
    AND (coalesce(cardinality(w.group_ids), 0) = 0 OR a.group_id = ANY(w.group_ids))
  ON CONFLICT (alert_id, channel, recipient) DO NOTHING;
  INSERT INTO alert_deliveries (alert_id, channel, recipient, user_id)
  SELECT a.id, 'web_push', 'web_push:' || s.id, u.id
  FROM new_alerts a
  JOIN hotlist_group_members gm ON gm.group_id = a.group_id
  JOIN users u ON u.id = gm.user_id
  JOIN web_push_subscriptions s ON s.user_id = u.id
  WHERE u.web_push_alerts AND u.approved AND u.deleted_at IS NULL
  ON CONFLICT (alert_id, channel, recipient) DO NOTHING;
  INSERT INTO alert_deliveries (alert_id, channel, recipient, user_id)
  SELECT a.id, 'mobile_push', 'mobile_push:' || p.id, u.id
  FROM new_alerts a
  JOIN hotlist_group_members gm ON gm.group_id = a.group_id
  JOIN users u ON u.id = gm.user_id
  JOIN push_devices p ON p.user_id = u.id
  WHERE u.push_alerts AND u.approved AND u.deleted_at IS NULL
  ON CONFLICT (alert_id, channel, recipient) DO NOTHING;
  RETURN NULL;
END$function$;

CREATE TRIGGER alerts_enqueue_deliveries AFTER INSERT ON alerts REFERENCING NEW TABLE AS new_alerts FOR EACH STATEMENT EXECUTE FUNCTION odin_enqueue_alert_deliveries();
