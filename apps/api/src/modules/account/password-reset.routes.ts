import { checkPasswordStrength, PASSWORD_RULES } from "@odin/contract";
import { hashToken } from "@odin/db";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { setPassword } from "./account.service";
import { claimResetToken, findUserById, findValidResetToken } from "../../identity/accounts.repository";
import { passwordPolicyProblems, policyRuleList } from "../../identity/password-policy";
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
  { publicUrl, passwordMinLength }: { publicUrl: string; passwordMinLength: number },
) {
  const findValid = (token: string) => findValidResetToken(app.prisma, hashToken(token));
  const expiredPage = () =>
    renderIdentityPage({ title: "Link expired", body: `<p class="error">${EXPIRED}</p>` });

  app.get("/reset-password", async (request: FastifyRequest<{ Querystring: { token?: string } }>, reply) => {
    const token = String(request.query.token ?? "");
    return (await findValid(token))
      ? sendHtml(reply, resetPage(token, passwordMinLength))
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
        const record = await findValid(token);
        if (!record) return sendHtml(reply, expiredPage(), 410);
        if (password !== confirm)
          return sendHtml(reply, resetPage(token, passwordMinLength, "Passwords do not match!"), 400);
        const unmet = checkPasswordStrength(password);
        if (unmet.length)
          return sendHtml(
            reply,
            resetPage(token, passwordMinLength, `Missing: ${unmet.join(", ").toLowerCase()}.`),
            400,
          );
        // Odin's own rules (length, breached list, username, the last 5) before the link is used up.
        const user = await findUserById(app.prisma, record.userId);
        const problems = await passwordPolicyProblems(app.prisma, passwordMinLength, user, password);
        if (problems.length)
          return sendHtml(
            reply,
            resetPage(token, passwordMinLength, `Missing: ${problems.join(", ").toLowerCase()}.`),
            400,
          );
        // Claim the link first, so two submissions cannot both use it.
        if (!(await claimResetToken(app.prisma, record.id))) return sendHtml(reply, expiredPage(), 410);
        // The link proves the mailbox: the owner of the account is back, so a lockout ends too.
        // Every session of the account ends: whoever held it is signed out.
        await setPassword({ prisma: app.prisma, passwordMinLength }, user, password, {
          unlock: true,
          audit: {
            action: "password_reset",
            subject: {
              userId: user.id,
              username: user.username,
              agencyId: user.agencyId,
              ip: request.ip,
              requestId: request.id,
            },
          },
        });
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
