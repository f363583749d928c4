import { bindServices } from "../../lib/bind-services";
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  testWebhook,
  updateWebhook,
  type AlertWebhookDeps,
} from "./alert-webhooks.service";

/** What alert-webhooks.routes.ts receives (issue 39 item 2): its service functions, bound to their dependencies. */
export const alertWebhooksServiceFactory = (deps: AlertWebhookDeps) =>
  bindServices(deps, { createWebhook, deleteWebhook, listWebhooks, testWebhook, updateWebhook });
export type AlertWebhooksService = ReturnType<typeof alertWebhooksServiceFactory>;
