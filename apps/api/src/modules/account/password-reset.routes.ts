import { PASSWORD_RULES } from "@odin/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AccountService } from "./account.services";
import { policyRuleList } from "../../identity/password-policy";
import { acceptFormPosts, sendHtml } from "../../identity/html-forms";
import { escapeHtml, renderIdentityPage } from "../../identity/identity-page";

const EXPIRED =
  "This reset link has expired or was already used. Ask for a new one from your profile or your admin.";

function resetPage(token: string, minLength: number, error?: string) {
  const rules = [...PASSWORD_RULES.map((rule) => rule.message), ...policyRuleList(minLength)]
    .map((rule) => `<li>${escapeHtml(rule)}</li>`)
    .join("");
  return renderIdentityPage({
    title: "Choose a new password",
    body: `<p class="lead">Your new password must have:</p><ul class="rules">${rules}</ul>
${error ? `<p class="error" role="alert" style="margin-top:16px">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/reset-password"><input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="new_password">New password</label><input id="new_password" name="new_password" type="password" autocomplete="new-password" required autofocus>
<label for="confirm_password">Confirm new password</label><input id="confirm_password" name="confirm_password" type="password" autocomplete="new-password" required>
<button class="button" type="submit">Set new password</button></form>`,
  });
}

/** The page behind an e-mailed reset link (built-in provider): single use, valid for one hour. */
export async function passwordResetRoutes(
  app: FastifyInstance,
  { publicUrl, account }: { publicUrl: string; account: AccountService },
) {
  const minLength = account.passwordMinLength;
  const expiredPage = () =>
    renderIdentityPage({ title: "Link expired", body: `<p class="error">${EXPIRED}</p>` });

  app.get("/reset-password", async (request: FastifyRequest<{ Querystring: { token?: string } }>, reply) => {
    const token = String(request.query.token ?? "");
    return (await account.resetLinkIsValid(token))
      ? sendHtml(reply, resetPage(token, minLength))
      : sendHtml(reply, expiredPage(), 410);
  });

  app.register(async (forms) => {
    acceptFormPosts(forms);
    forms.post(
      "/reset-password",
      { config: { rateLimit: { max: 10, timeWindow: "1 minute" } } },
      async (request: FastifyRequest<{ Body: Record<string, string> }>, reply) => {
        const {
          token = "",
          new_password: password = "",
          confirm_password: confirm = "",
        } = request.body ?? {};
        const outcome = await account.resetPasswordWithLink(
          { token, password, confirm },
          { ip: request.ip, requestId: request.id },
        );
        if (outcome.kind === "expired") return sendHtml(reply, expiredPage(), 410);
        if (outcome.kind === "refused")
          return sendHtml(reply, resetPage(token, minLength, outcome.error), 400);
        return sendHtml(
          reply,
          renderIdentityPage({
            title: "Password changed",
            body: `<p class="success">Your password has been changed.</p><a class="button" href="${publicUrl}/">Sign in to Odin</a>`,
          }),
        );
      },
    );
  });
}
