-- Issue 38 item 4: how each alert webhook signs its requests (apps/api/src/delivery/webhook-signature.ts,
-- docs/integrations.md). 'standard_webhooks': the Standard Webhooks headers webhook-id, webhook-timestamp
-- and webhook-signature. 'odin_v1' (deprecated): the Odin-Signature header of issue 24.
--
-- Webhooks that exist when this runs keep what their receivers verify today ('odin_v1'), so no receiver
-- breaks. Webhooks made from now on sign per Standard Webhooks unless the admin chooses otherwise.
ALTER TABLE "alert_webhooks" ADD COLUMN "signature_scheme" TEXT NOT NULL DEFAULT 'odin_v1';

ALTER TABLE "alert_webhooks" ALTER COLUMN "signature_scheme" SET DEFAULT 'standard_webhooks';
