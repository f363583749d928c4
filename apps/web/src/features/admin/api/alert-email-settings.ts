import { findEndpoint, type TAlertEmailSettings } from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const read = findEndpoint("GET", "/api/admin/alert-email-settings");
const write = findEndpoint("PUT", "/api/admin/alert-email-settings");

/** GET /api/admin/alert-email-settings (Odin's own, issue 38 item 5): the agency's picture switch. */
export function getAlertEmailSettings(): Promise<TAlertEmailSettings> {
  return callEndpoint(read);
}

/** PUT /api/admin/alert-email-settings: turns the read's picture in alert e-mails on or off. */
export function setAlertEmailSettings(settings: TAlertEmailSettings): Promise<TAlertEmailSettings> {
  return callEndpoint(write, { body: settings });
}
