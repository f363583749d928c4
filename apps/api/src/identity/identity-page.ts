import { PAGE_ICON_LINK } from "../lib/page-icon";

/**
 * The built-in identity provider's pages (sign-in, sign-out, reset, errors) in Odin's own look:
 * the web app's tokens (navy bar, accent blue, system fonts), self-contained so they need no bundle.
 */
const STYLE = `
:root{--navy:#0b1d36;--accent:#1d63d8;--accent-hover:#1652b5;--text:#14213d;--muted:#5b6678;--border:#d5dbe5;
--danger:#b42318;--danger-soft:#fdecea;--success:#067647;--success-soft:#e7f6ee;--bg:#f3f5f9}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:var(--bg);
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--text);font-size:15px;line-height:1.5}
header{background:var(--navy);color:#fff;height:56px;display:flex;align-items:center;padding:0 24px;gap:12px;font-weight:700;font-size:20px;letter-spacing:.18em}
header svg{width:32px;height:32px}main{flex:1;display:flex;align-items:flex-start;justify-content:center;padding:64px 16px}
.card{background:#fff;border:1px solid var(--border);border-radius:12px;box-shadow:0 8px 24px rgba(11,29,54,.08);width:100%;max-width:400px;padding:32px}
h1{font-size:22px;margin:0 0 4px}.lead{color:var(--muted);margin:0 0 24px}label{display:block;font-weight:600;margin:16px 0 6px}
input[type=text],input[type=password],input[type=email]{width:100%;padding:10px 12px;border:1px solid var(--border);border-radius:8px;font:inherit}
input:focus,button:focus,a:focus{outline:3px solid rgba(29,99,216,.35);outline-offset:1px;border-color:var(--accent)}
.button{display:block;width:100%;margin-top:24px;padding:11px 16px;border:0;border-radius:8px;background:var(--accent);color:#fff;
font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}.button:hover{background:var(--accent-hover)}
.error{background:var(--danger-soft);color:var(--danger);border-radius:8px;padding:10px 12px;margin:0 0 8px}
.success{background:var(--success-soft);color:var(--success);border-radius:8px;padding:10px 12px;margin:0 0 8px}
ul.rules{color:var(--muted);padding-left:20px;margin:8px 0 0}.hint{color:var(--muted);font-size:13px;margin:4px 0 0}
input[readonly]{background:var(--bg);color:var(--muted)}.error ul{margin:0;padding-left:18px}footer{color:var(--muted);font-size:13px;text-align:center;padding:24px}footer nav{margin-top:6px}footer a{color:var(--accent)}`;

// The web app's mark (apps/web/src/components/ui/odin-logo.tsx), so both halves of sign-in look alike.
const MARK = `<svg viewBox="0 0 64 64" aria-hidden="true"><rect width="64" height="64" rx="14" fill="#13294a"/><path d="M10 32c6-10 13.5-15 22-15s16 5 22 15c-6 10-13.5 15-22 15S16 42 10 32z" fill="none" stroke="#4c9bff" stroke-width="4" stroke-linejoin="round"/><circle cx="32" cy="32" r="8" fill="#fff"/><circle cx="32" cy="32" r="3.5" fill="#13294a"/></svg>`;

export interface IdentityPage {
  title: string;
  /** Trusted HTML: callers escape every value that came from a request. */
  body: string;
  /** Same-origin scripts only (the Content-Security-Policy forbids inline ones). */
  scripts?: string[];
}

export function renderIdentityPage({ title, body, scripts = [] }: IdentityPage): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Odin</title>${PAGE_ICON_LINK}<style>${STYLE}</style></head>
<body><header>${MARK}<span>ODIN</span></header>
<main><div class="card"><h1>${title}</h1>${body}</div></main>
<footer>© 2026 Odin Systems, Inc. ODIN™ — trademark pending. For authorized law enforcement use only.
<nav aria-label="Legal and transparency"><a href="/terms">Terms of Use</a> · <a href="/privacy">Privacy Policy</a> · <a href="/transparency">Transparency</a> · <a href="/verify-export">Verify Export</a></nav></footer>
${scripts.map((src) => `<script src="${src}"></script>`).join("")}</body></html>`;
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** Served at AUTOSUBMIT_PATH: submits forms marked data-autosubmit (the sign-out confirmation). */
export const AUTOSUBMIT_PATH = "/oidc-assets/autosubmit.js";
export const AUTOSUBMIT_JS = `document.querySelectorAll("form[data-autosubmit]").forEach(function (f) { f.submit(); });`;
