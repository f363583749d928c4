import type { FastifyInstance, FastifyRequest } from "fastify";
import type { OidcProvider as Provider } from "./provider";
import { acceptFormPosts, sendHtml } from "./html-forms";
import { AUTOSUBMIT_JS, AUTOSUBMIT_PATH, escapeHtml, renderIdentityPage } from "./identity-page";
import { signInWithPassword } from "./password-sign-in";

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
 * The built-in provider's interaction pages: the sign-in form (login prompt); the consent prompt is
 * granted at once for Odin's own web app (first-party) and refused for any other client.
 */
export async function interactionRoutes(
  app: FastifyInstance,
  { provider, clientId }: { provider: Provider; clientId: string },
) {
  app.get(AUTOSUBMIT_PATH, (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache").send(AUTOSUBMIT_JS),
  );

  app.get("/oidc/interaction/:uid", async (request: FastifyRequest<{ Params: { uid: string } }>, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (details.prompt.name === "login") return sendHtml(reply, signInPage(details.uid));
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
        const result = await signInWithPassword(app.prisma, username, password, new Date(), {
          ip: request.ip,
          requestId: request.id,
        });
        if (!result.ok) {
          request.log.info({ username }, "built-in sign-in refused");
          return sendHtml(reply, signInPage(details.uid, { error: result.message, username }), 401);
        }
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: result.subject } },
          { mergeWithLastSubmission: false },
        );
      },
    );
  });
}
