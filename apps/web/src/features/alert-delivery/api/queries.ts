import { queryOptions } from "@tanstack/react-query";
import { getAlertChannels, getGroupAlertSettings, getWebhooks } from "./alert-delivery";

/** Alert delivery's query keys, in one place: a change invalidates the key of what it changed. */
export const alertDeliveryKeys = {
  channels: ["alert-delivery", "channels"] as const,
  webhooks: ["alert-delivery", "webhooks"] as const,
  groupSettings: (groupId: number) => ["alert-delivery", "group-settings", groupId] as const,
};

export const alertDeliveryQueries = {
  channels: () => queryOptions({ queryKey: alertDeliveryKeys.channels, queryFn: getAlertChannels }),
  webhooks: () => queryOptions({ queryKey: alertDeliveryKeys.webhooks, queryFn: getWebhooks }),
  groupSettings: (groupId: number) =>
    queryOptions({
      queryKey: alertDeliveryKeys.groupSettings(groupId),
      queryFn: () => getGroupAlertSettings(groupId),
    }),
};
