import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { mfaCodePage, mfaEnrolPage, mfaRecoveryCodesPage } from "./mfa/mfa-pages";
import { MFA_ACR, MFA_AMR } from "./mfa/totp";
import type { OidcProvider as Provider } from "./built-in-provider";
import { acceptFormPosts, sendHtml } from "./html-forms";
import { AUTOSUBMIT_JS, AUTOSUBMIT_PATH, escapeHtml, renderIdentityPage } from "./identity-page";
import { SIGN_IN_MESSAGES } from "./password-sign-in";
import type { SignInService } from "./sign-in.services";

/** 429 for an address over its sign-in limit (issue 36, F20): when to try again, in words and Retry-After. */
function tooManyFromAddress(reply: FastifyReply, seconds: number) {
  reply.header("retry-after", String(seconds));
  return sendHtml(
    reply,
    renderIdentityPage({
      title: "Too many sign-in attempts",
      body: `<p class="error" role="alert">${escapeHtml(SIGN_IN_MESSAGES.tooManyFromAddress(Math.ceil(seconds / 60)))}</p>
<p><a class="button" href="/">Back to Odin</a></p>`,
    }),
    429,
  );
}

function signInPage(uid: string, options: { error?: string; username?: string } = {}) {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : "";
  return renderIdentityPage({
    title: "Sign in",
    body: `<p class="lead">Sign in to search plates and manage hotlists.</p>${error}
<form method="post" action="/oidc/interaction/${encodeURIComponent(uid)}/login" autocomplete="on">
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" required autofocus value="${escapeHtml(options.username ?? "")}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button class="button" type="submit">Sign in</button></form>`,
  });
}

/**
 * Where a sign-in stands between the password and the second factor, kept in the interaction (server
 * side, bound to the browser's interaction cookie): the code is asked ("verify"), a required set-up is
 * under way ("enrol"), or its recovery codes were shown ("codes").
 */
interface PendingMfa {
  userId: number;
  subject: string;
  stage: "verify" | "enrol" | "codes";
}
type Interaction = Awaited<ReturnType<Provider["interactionDetails"]>>;
const pendingOf = (details: Interaction): PendingMfa | undefined =>
  (details.result as { odinMfa?: PendingMfa } | undefined)?.odinMfa;
async function keepPending(details: Interaction, pending: PendingMfa) {
  details.result = { odinMfa: pending };
  await details.persist();
}

/**
 * The built-in provider's interaction pages: the sign-in form (login prompt), then the second factor
 * (issue 18 item 5) when the user has one or must set one up; the consent prompt is granted at once
 * for Odin's own web app (first-party) and refused for any other client.
 */
export async function interactionRoutes(
  app: FastifyInstance,
  {
    provider,
    clientId,
    signIn,
  }: {
    provider: Provider;
    clientId: string;
    signIn: SignInService;
  },
) {
  const enrolPage = async (uid: string, userId: number, error?: string) =>
    mfaEnrolPage(uid, await signIn.enrolmentOf(userId), error);
  const finish = async (request: FastifyRequest, reply: FastifyReply, subject: string, withMfa: boolean) => {
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      // The tokens tell how the user signed in (RFC 8176 amr); Odin's API and any relying party can require it.
      {
        login: { accountId: subject, amr: withMfa ? MFA_AMR : ["pwd"], ...(withMfa ? { acr: MFA_ACR } : {}) },
      },
      { mergeWithLastSubmission: false },
    );
  };
  app.get(AUTOSUBMIT_PATH, (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache").send(AUTOSUBMIT_JS),
  );

  app.get("/oidc/interaction/:uid", async (request: FastifyRequest<{ Params: { uid: string } }>, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (details.prompt.name === "login") {
      const pending = pendingOf(details);
      if (pending?.stage === "verify") return sendHtml(reply, mfaCodePage(details.uid));
      if (pending?.stage === "enrol") return sendHtml(reply, await enrolPage(details.uid, pending.userId));
      // Recovery codes are shown once: a reload after them starts the sign-in again.
      return sendHtml(reply, signInPage(details.uid));
    }
    reply.hijack();
    if (details.params.client_id !== clientId || !details.session?.accountId) {
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { error: "access_denied", error_description: "Only Odin's own web app may use this sign-in." },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    // Odin's own web app is first-party: consent is granted without asking.
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session.accountId, clientId });
    if (!grant) throw new Error("the interaction's grant is gone");
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(resource, scopes.join(" "));
    }
    const grantId = await grant.save();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  });

  // Form posts: parsed here only, as the provider's own routes read their bodies themselves.
  app.register(async (forms) => {
    acceptFormPosts(forms);
    forms.post(
      "/oidc/interaction/:uid/login",
      {
        config: {
          // Per address and username: officers behind one station NAT do not throttle each other,
          // while guessing one account stays slow (and the lockout stops it after 5 failures).
          rateLimit: {
            max: 10,
            timeWindow: "1 minute",
            hook: "preHandler",
            keyGenerator: (request: FastifyRequest) => {
              const username = (request.body as Record<string, unknown> | undefined)?.username;
              return `${request.ip}|${typeof username === "string" ? username.toLowerCase() : ""}`;
            },
          },
        },
      },
      async (request: FastifyRequest<{ Params: { uid: string }; Body: Record<string, string> }>, reply) => {
        // An address over its limit across usernames is refused before anything else is looked at.
        const wait = await signIn.addressWaitSeconds(request.ip);
        if (wait > 0) return tooManyFromAddress(reply, wait);
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const username = String(request.body?.username ?? "");
        const password = String(request.body?.password ?? "");
        if (!username.trim() || !password) {
          return sendHtml(
            reply,
            signInPage(details.uid, { error: "Enter your username and password.", username }),
            400,
          );
        }
        const result = await signIn.signInWithPassword(username, password, {
          ip: request.ip,
          requestId: request.id,
        });
        if (!result.ok && result.retryAfterSeconds)
          return tooManyFromAddress(reply, result.retryAfterSeconds);
        if (!result.ok) {
          request.log.info({ username }, "built-in sign-in refused");
          return sendHtml(reply, signInPage(details.uid, { error: result.message, username }), 401);
        }
        if (result.next === "mfa") {
          await keepPending(details, { userId: result.userId, subject: result.subject, stage: "verify" });
          return sendHtml(reply, mfaCodePage(details.uid));
        }
        if (result.next === "enrol") {
          await keepPending(details, { userId: result.userId, subject: result.subject, stage: "enrol" });
          return sendHtml(reply, await enrolPage(details.uid, result.userId));
        }
        return finish(request, reply, result.subject, false);
      },
    );

    // The second step: a code (or a recovery code), the first code of a required set-up, or the
    // "continue" after the recovery codes. Only reached with a pending step of this interaction.
    forms.post(
      "/oidc/interaction/:uid/mfa",
      {
        config: {
          // Per address and sign-in: each wrong code also counts toward the account's lockout.
          rateLimit: {
            max: 10,
            timeWindow: "1 minute",
            keyGenerator: (request: FastifyRequest) =>
              `${request.ip}|mfa|${(request.params as { uid?: string } | undefined)?.uid ?? ""}`,
          },
        },
      },
      async (request: FastifyRequest<{ Params: { uid: string }; Body: Record<string, string> }>, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const pending = pendingOf(details);
        if (!pending) return sendHtml(reply, signInPage(details.uid), 400);
        const from = { ip: request.ip, requestId: request.id };
        const code = String(request.body?.code ?? "");
        if (pending.stage === "codes") {
          await signIn.finishEnrolledSignIn(pending.userId, from);
          return finish(request, reply, pending.subject, true);
        }
        // Locked meanwhile (wrong codes count toward the lockout): back to the neutral sign-in refusal.
        const refusedPage = (message: string) =>
          message === SIGN_IN_MESSAGES.invalid ? signInPage(details.uid, { error: message }) : undefined;
        if (pending.stage === "verify") {
          const outcome = await signIn.signInWithCode(pending.userId, code, from);
          if (!outcome.ok)
            return sendHtml(
              reply,
              refusedPage(outcome.message) ?? mfaCodePage(details.uid, outcome.message),
              401,
            );
          return finish(request, reply, pending.subject, true);
        }
        const outcome = await signIn.enrolAtSignIn(pending.userId, code, from);
        if (!outcome.ok)
          return sendHtml(
            reply,
            refusedPage(outcome.message) ?? (await enrolPage(details.uid, pending.userId, outcome.message)),
            401,
          );
        await keepPending(details, { ...pending, stage: "codes" });
        return sendHtml(reply, mfaRecoveryCodesPage(details.uid, outcome.codes));
      },
    );
  });
}
