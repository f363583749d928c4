import { bindServices } from "../../lib/bind-services";
import {
  getAlertChannels,
  getAlertDeliveries,
  getGroupAlertSettings,
  getWebPushSubscriptions,
  registerPushDevice,
  removePushDevice,
  rotateWebPush,
  setAlertChannels,
  setGroupAlertSettings,
  subscribeWebPush,
  unsubscribeWebPush,
  type WebPushDeps,
} from "./alert-delivery.service";
import { getAlertEmailSettings, setAlertEmailSettings } from "./alert-email-settings.service";

/**
 * What the alert-delivery routes receive (issue 39 item 2): a person's channels and devices, a group's
 * delivery settings, an alert's delivery log and the agency's alert e-mail settings.
 */
export function alertDeliveryServiceFactory(deps: WebPushDeps) {
  return {
    ...bindServices(deps.prisma, {
      getAlertEmailSettings,
      setAlertEmailSettings,
      getAlertChannels,
      setAlertChannels,
      getGroupAlertSettings,
      setGroupAlertSettings,
      getAlertDeliveries,
      removePushDevice,
    }),
    ...bindServices(deps, {
      getWebPushSubscriptions,
      subscribeWebPush,
      unsubscribeWebPush,
      rotateWebPush,
      registerPushDevice,
    }),
  };
}
export type AlertDeliveryService = ReturnType<typeof alertDeliveryServiceFactory>;
