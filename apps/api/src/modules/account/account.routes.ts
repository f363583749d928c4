import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { successMessage } from "../../lib/success-message";
import type { Mailer } from "../../mail/mailer";
import { AppError } from "../../lib/app-error";
import { writeAudit } from "../../lib/audit-rows.repository";
import { requireAuth } from "../../plugins/authenticate";
import { countFailedSecretCheck, DEFAULT_LOCKOUT_MS } from "../../identity/sign-in-failures.repository";
import { refuseWhileLockedOut } from "./lockout-refusal";
import {
  PASSWORD_UPDATED,
  revokeSession,
  sendPasswordResetLink,
  setPassword,
  toCurrentUser,
  togglePushAlerts,
  toProfile,
} from "./account.service";

export interface AccountRoutesOptions {
  mailer: Mailer;
  publicUrl: string;
  /** PASSWORD_MIN_LENGTH. */
  passwordMinLength: number;
  /** LOCKOUT_MINUTES: wrong current passwords count toward the sign-in lockout. */
  lockoutMs?: number;
  builtInIdentity: boolean;
  /** Ends the built-in provider's session and refresh tokens (absent with an external provider). */
  endProviderSession?: (sid: string) => Promise<void>;
}

const errors = errorResponses(400, 401, 403, 409, 429);
const currentUser = findEndpoint("GET", "/get-current-user");
const profile = findEndpoint("GET", "/profile-data");
const revoke = findEndpoint("POST", "/session/revoke");
const sendReset = findEndpoint("POST", "/auth0/send-password-reset");
const resetOwn = findEndpoint("POST", "/user/reset-password");
const pushAlerts = findEndpoint("POST", "/toggle-push-alerts");

/** Spec 001 §7 Account: the signed-in user's own data, session and password. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  app.get(currentUser.path, { schema: { response: { 200: currentUser.response, ...errors } } }, (request) =>
    toCurrentUser(requireAuth(request)),
  );

  app.get(profile.path, { schema: { response: { 200: profile.response, ...errors } } }, (request) =>
    toProfile(requireAuth(request)),
  );

  app.post(revoke.path, { schema: { response: { 200: revoke.response, ...errors } } }, async (request) => {
    await revokeSession(app.prisma, requireAuth(request), options.endProviderSession);
    return successMessage("Signed out.");
  });

  app.post(
    sendReset.path,
    {
      schema: { response: { 200: sendReset.response, ...errors } },
      config: { rateLimit: { max: 5, timeWindow: "15 minutes" } },
    },
    async (request) => {
      await writeAudit(app.prisma, requireAuth(request), { action: "password_reset_requested" });
      const message = await sendPasswordResetLink(
        {
          prisma: app.prisma,
          mailer: options.mailer,
          publicUrl: options.publicUrl,
          builtIn: options.builtInIdentity,
        },
        requireAuth(request).user,
      );
      return successMessage(message);
    },
  );

  app.post(
    pushAlerts.path,
    { schema: { response: { 200: pushAlerts.response, ...errors } } },
    async (request) => ({
      push_alerts: await togglePushAlerts(app.prisma, requireAuth(request).user),
    }),
  );

  app.post(
    resetOwn.path,
    { schema: { body: resetOwn.body, response: { 200: resetOwn.response, ...errors } } },
    async (request, reply) => {
      const actor = requireAuth(request);
      const { user } = actor;
      if (!options.builtInIdentity || !user.passwordHash) {
        throw new AppError("CONFLICT", "Passwords are managed by your identity provider: change it there.");
      }
      refuseWhileLockedOut(reply, user, options.lockoutMs);
      const subject = {
        userId: user.id,
        username: user.username,
        agencyId: user.agencyId,
        ip: actor.ip,
        requestId: actor.requestId,
      };
      await setPassword(
        { prisma: app.prisma, passwordMinLength: options.passwordMinLength },
        user,
        request.body.new_password,
        {
          change: {
            currentPassword: request.body.current_password,
            keepSid: actor.sessionId,
            // Counted toward the sign-in lockout and audited (issue 36, F21).
            onWrongCurrent: () =>
              countFailedSecretCheck(
                app.prisma,
                subject,
                { action: "password_change_failed", detail: { reason: "wrong_current_password" } },
                options.lockoutMs ?? DEFAULT_LOCKOUT_MS,
              ),
          },
          audit: { action: "password_changed", subject },
        },
      );
      return successMessage(PASSWORD_UPDATED);
    },
  );
};
