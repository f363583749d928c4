import type { TMfaEnrolment } from "@odin/contract";
import { escapeHtml, renderIdentityPage } from "../identity-page";

/** The built-in provider's second-step pages (issue 18 item 5), in the sign-in page's look. */

const action = (uid: string) => `/oidc/interaction/${encodeURIComponent(uid)}/mfa`;
const errorLine = (error?: string) => (error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : "");
const codeField = (label: string, hint: string) => `<label for="code">${label}</label>
<input id="code" name="code" type="text" autocomplete="one-time-code" required autofocus spellcheck="false" aria-describedby="code-hint">
<p class="hint" id="code-hint">${hint}</p>`;

export function mfaCodePage(uid: string, error?: string) {
  return renderIdentityPage({
    title: "Two-step sign-in",
    body: `<p class="lead">Enter the code from your authenticator app to finish signing in.</p>${errorLine(error)}
<form method="post" action="${action(uid)}" autocomplete="off">
${codeField("Authentication code", "6 digits. Lost your phone? Enter one of your recovery codes instead.")}
<button class="button" type="submit">Verify</button></form>`,
  });
}

export function mfaEnrolPage(uid: string, enrolment: TMfaEnrolment, error?: string) {
  return renderIdentityPage({
    title: "Set up two-step sign-in",
    body: `<p class="lead">Your agency requires a second step at sign-in. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, FreeOTP…), then enter the code it shows.</p>${errorLine(error)}
<img src="${enrolment.qr_code}" alt="QR code for your authenticator app" width="200" height="200" style="display:block;margin:0 auto">
<label for="secret">Or type this key into the app</label>
<input id="secret" type="text" readonly value="${escapeHtml(enrolment.secret.replace(/(.{4})/g, "$1 ").trim())}">
<form method="post" action="${action(uid)}" autocomplete="off">
${codeField("Code from the app", "6 digits; a new one every 30 seconds.")}
<button class="button" type="submit">Turn on two-step sign-in</button></form>`,
  });
}

export function mfaRecoveryCodesPage(uid: string, codes: string[]) {
  const list = codes.map((code) => `<li><code>${escapeHtml(code)}</code></li>`).join("");
  return renderIdentityPage({
    title: "Save your recovery codes",
    body: `<p class="success" role="status">Two-step sign-in is on.</p>
<p class="lead">If you lose your phone, each of these codes signs you in once. Print them or keep them somewhere safe: they are shown only now.</p>
<ul class="rules" aria-label="Recovery codes" style="columns:2;font-size:16px">${list}</ul>
<form method="post" action="${action(uid)}"><input type="hidden" name="continue" value="1">
<button class="button" type="submit">I saved them: continue to Odin</button></form>`,
  });
}
