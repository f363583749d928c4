import { PASSWORD_RULES } from "@odin/contract";
import { escapeHtml, renderIdentityPage } from "../../identity/identity-page";
import { DEFAULT_PASSWORD_MIN_LENGTH, policyRuleList } from "../../identity/password-policy";

export interface SetupFormState {
  token: string;
  ownerUsername: string;
  /** Built-in provider: password fields; external issuer: the subject field. */
  odinKeepsPasswords: boolean;
  /** PASSWORD_MIN_LENGTH: the password policy's rules are listed beside the spec's. */
  passwordMinLength?: number;
  values?: { name?: string; email?: string; subject?: string };
  errors?: string[];
}

const field = (id: string, label: string, input: string, hint = "") =>
  `<label for="${id}">${label}</label>${input}${hint ? `<p class="hint" id="${id}-hint">${hint}</p>` : ""}`;

/** "Create the owner account": the first-run page behind the one-time link printed at start-up. */
export function setupFormPage(state: SetupFormState): string {
  const value = (name: keyof NonNullable<SetupFormState["values"]>) => escapeHtml(state.values?.[name] ?? "");
  const errors = state.errors?.length
    ? `<div class="error" role="alert"><ul>${state.errors.map((e) => `<li>${escapeHtml(e)}</li>`).join("")}</ul></div>`
    : "";
  const credentials = state.odinKeepsPasswords
    ? field(
        "password",
        "Password",
        `<input id="password" name="password" type="password" autocomplete="new-password" required aria-describedby="password-rules">`,
      ) +
      `<ul class="rules" id="password-rules">${[...PASSWORD_RULES.map((rule) => rule.message), ...policyRuleList(state.passwordMinLength ?? DEFAULT_PASSWORD_MIN_LENGTH)].map((rule) => `<li>${escapeHtml(rule)}</li>`).join("")}</ul>` +
      field(
        "confirm",
        "Confirm password",
        `<input id="confirm" name="confirm" type="password" autocomplete="new-password" required>`,
      )
    : field(
        "subject",
        "Subject at your identity provider",
        `<input id="subject" name="subject" type="text" required value="${value("subject")}" aria-describedby="subject-hint">`,
        "The owner signs in through your issuer: paste the <code>sub</code> of their account there (e.g. auth0|65f…).",
      );
  return renderIdentityPage({
    title: "Create the owner account",
    body: `<p class="lead">Odin has no owner yet. The owner works across agencies: it creates each agency and its first admin.</p>${errors}
<form method="post" action="/setup" autocomplete="on">
<input type="hidden" name="token" value="${escapeHtml(state.token)}">
${field(
  "username",
  "Username",
  `<input id="username" name="username" type="text" readonly value="${escapeHtml(state.ownerUsername)}" aria-describedby="username-hint">`,
  "Set by OWNER_USERNAME in Odin's configuration.",
)}
${field("name", "Full name", `<input id="name" name="name" type="text" autocomplete="name" required autofocus value="${value("name")}">`)}
${field("email", "E-mail", `<input id="email" name="email" type="email" autocomplete="email" required value="${value("email")}">`)}
${credentials}
<button class="button" type="submit">Create the owner account</button></form>`,
  });
}

export function setupDonePage(username: string): string {
  return renderIdentityPage({
    title: "The owner account is ready",
    body: `<p class="success" role="status">'${escapeHtml(username)}' can now sign in. This setup page is gone for good.</p>
<p class="lead">Next: sign in, open <strong>Owner</strong>, add your agency and its first admin.</p>
<a class="button" href="/">Sign in</a>`,
  });
}

export function setupLinkInvalidPage(message: string): string {
  return renderIdentityPage({
    title: "Setup link not valid",
    body: `<p class="error" role="alert">${escapeHtml(message)}</p>`,
  });
}

export function setupGonePage(): string {
  return renderIdentityPage({
    title: "Odin is set up",
    body: `<p class="lead">This Odin already has its owner, so there is nothing to set up here.</p><a class="button" href="/">Sign in</a>`,
  });
}
