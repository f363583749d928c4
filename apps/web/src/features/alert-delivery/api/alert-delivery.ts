import {
  findEndpoint,
  type TAlertChannels,
  type TAlertChannelsUpdate,
  type TAlertDeliveriesResponse,
  type TAlertWebhook,
  type TAlertWebhookCreated,
  type TAlertWebhookRequest,
  type TAlertWebhooksResponse,
  type TGroupAlertSettings,
  type TGroupAlertSettingsUpdate,
  type TSuccessMessage,
  type TWebhookTestResult,
  type TWebPushSubscribed,
  type TWebPushSubscriptionRequest,
  type TWebPushSubscriptions,
  type TWebPushUnsubscribed,
  type TWebPushRotated,
  type TWebPushRotationRequest,
} from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const channelsCall = findEndpoint("GET", "/api/profile/alert-channels");
const setChannelsCall = findEndpoint("POST", "/api/profile/alert-channels");
const deliveriesCall = findEndpoint("GET", "/api/alerts/:id/deliveries");
const webhooksCall = findEndpoint("GET", "/api/admin/webhooks");
const createWebhookCall = findEndpoint("POST", "/api/admin/webhooks");
const updateWebhookCall = findEndpoint("PUT", "/api/admin/webhooks/:id");
const deleteWebhookCall = findEndpoint("DELETE", "/api/admin/webhooks/:id");
const testWebhookCall = findEndpoint("POST", "/api/admin/webhooks/:id/test");

export const getAlertChannels = (): Promise<TAlertChannels> => callEndpoint(channelsCall);

export const setAlertChannels = (change: TAlertChannelsUpdate): Promise<TAlertChannels> =>
  callEndpoint(setChannelsCall, { body: change });

export const getAlertDeliveries = (id: number, signal?: AbortSignal): Promise<TAlertDeliveriesResponse> =>
  callEndpoint(deliveriesCall, { params: { id }, ...(signal ? { signal } : {}) });

export const getWebhooks = (): Promise<TAlertWebhooksResponse> => callEndpoint(webhooksCall);

export const createWebhook = (body: TAlertWebhookRequest): Promise<TAlertWebhookCreated> =>
  callEndpoint(createWebhookCall, { body });

export const updateWebhook = (id: number, body: TAlertWebhookRequest): Promise<TAlertWebhook> =>
  callEndpoint(updateWebhookCall, { params: { id }, body });

export const deleteWebhook = (id: number): Promise<TSuccessMessage> =>
  callEndpoint(deleteWebhookCall, { params: { id } });

export const testWebhook = (id: number): Promise<TWebhookTestResult> =>
  callEndpoint(testWebhookCall, { params: { id } });

const groupSettingsCall = findEndpoint("GET", "/api/groups/:groupId/alert-settings");
const setGroupSettingsCall = findEndpoint("POST", "/api/groups/:groupId/alert-settings");

export const getGroupAlertSettings = (groupId: number): Promise<TGroupAlertSettings> =>
  callEndpoint(groupSettingsCall, { params: { groupId } });

export const setGroupAlertSettings = (
  groupId: number,
  body: TGroupAlertSettingsUpdate,
): Promise<TGroupAlertSettings> => callEndpoint(setGroupSettingsCall, { params: { groupId }, body });

const pushSubscriptionsCall = findEndpoint("GET", "/api/account/push-subscriptions");
const subscribeCall = findEndpoint("POST", "/api/account/push-subscriptions");
const unsubscribeCall = findEndpoint("DELETE", "/api/account/push-subscriptions");
const rotateCall = findEndpoint("POST", "/api/account/push-subscriptions/rotate");

/** The VAPID public key this browser subscribes with, and the user's subscribed browsers. */
export const getWebPushSubscriptions = (): Promise<TWebPushSubscriptions> =>
  callEndpoint(pushSubscriptionsCall);

export const subscribeWebPush = (body: TWebPushSubscriptionRequest): Promise<TWebPushSubscribed> =>
  callEndpoint(subscribeCall, { body });

export const unsubscribeWebPush = (endpoint: string): Promise<TWebPushUnsubscribed> =>
  callEndpoint(unsubscribeCall, { body: { endpoint } });

/** Replaces a browser's subscription by a new one, proven by the old one's endpoint and auth secret. */
export const rotateWebPush = (body: TWebPushRotationRequest): Promise<TWebPushRotated> =>
  callEndpoint(rotateCall, { body });
