import { z } from "zod";
import { ZSuccessMessage } from "../common";
import type { Endpoint } from "../endpoint";
import { ZCurrentUser, ZNewPassword, ZProfile } from "../entities/users";

/** POST /auth0/send-password-reset and POST /admin/send-password-reset/{id}: "success and message". */
export const ZSendPasswordResetResponse = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type TSendPasswordResetResponse = z.infer<typeof ZSendPasswordResetResponse>;

/** POST /user/reset-password. The screen's confirmation field stays in the browser. */
/**
 * The spec's body is new_password alone; Odin adds current_password beside it (issue 18 item 4): the
 * server refuses a change without the right current password.
 */
export const ZResetOwnPasswordRequest = z.object({
  new_password: ZNewPassword,
  current_password: z.string().max(128).optional(),
});
export type TResetOwnPasswordRequest = z.infer<typeof ZResetOwnPasswordRequest>;

/**
 * The screen succeeds only when `message` is exactly 'Password updated successfully' (001 section 4);
 * the rest of the reply is not shown: Odin's choice.
 */
export const ZResetOwnPasswordResponse = ZSuccessMessage;

/** POST /toggle-push-alerts flips the setting and tells the new state. */
export const ZTogglePushAlertsResponse = z.object({ push_alerts: z.boolean() });
export type TTogglePushAlertsResponse = z.infer<typeof ZTogglePushAlertsResponse>;

/** GET /healthz (Odin's own): 200 only when the database answers; otherwise 503 with ZApiError. */
export const ZHealthResponse = z.object({ status: z.literal("ok"), database: z.literal("ok") });
export type THealthResponse = z.infer<typeof ZHealthResponse>;

export const ACCOUNT_ENDPOINTS = [
  {
    method: "GET",
    path: "/get-current-user",
    spec: "both",
    summary: "The signed-in user, with role and hotlist flags",
    response: ZCurrentUser,
  },
  {
    method: "GET",
    path: "/profile-data",
    spec: "001",
    summary: "Profile of the signed-in user",
    response: ZProfile,
  },
  {
    method: "POST",
    path: "/auth0/send-password-reset",
    spec: "001",
    summary: "Email the signed-in user a password reset link",
    response: ZSendPasswordResetResponse,
  },
  {
    method: "POST",
    path: "/session/revoke",
    spec: "both",
    summary: "Revoke the session before the identity provider's logout",
    // not shown in the spec: Odin's choice
    response: ZSuccessMessage,
  },
  {
    method: "POST",
    path: "/user/reset-password",
    spec: "001",
    summary: "Change the signed-in user's password",
    body: ZResetOwnPasswordRequest,
    response: ZResetOwnPasswordResponse,
  },
  {
    method: "POST",
    path: "/toggle-push-alerts",
    spec: "001",
    summary: "Switch push alerts for the mobile app on or off",
    response: ZTogglePushAlertsResponse,
  },
  {
    method: "GET",
    path: "/healthz",
    spec: "odin",
    summary: "Liveness and database check (Odin's own)",
    response: ZHealthResponse,
    public: true,
  },
] as const satisfies readonly Endpoint[];
