import { PAGE_ICON_LINK } from "../../lib/page-icon";
import { OPENAPI_PATH } from "./openapi-document";

interface Operation {
  summary?: string;
  "x-odin-access"?: { level: string; scope: string };
  /** Issue 38 item 2: the scopes an API client needs for the call ([]: any client). */
  "x-odin-client-scopes"?: string[];
}
interface ReferenceDocument {
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation & { tags?: string[] }>>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const METHODS = ["get", "post", "put", "patch", "delete"];

/**
 * The OpenAPI document as one plain page (no script, one small style sheet): every call by tag, with
 * its method, path, summary and who may call it. Screen readers get real tables with headers.
 */
export function renderReferencePage(document: ReferenceDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "other";
      const access = operation["x-odin-access"];
      const clientScopes = operation["x-odin-client-scopes"];
      const row =
        `<tr><td><code>${method.toUpperCase()}</code></td><th scope="row"><code>${escapeHtml(path)}</code></th>` +
        `<td>${escapeHtml(operation.summary ?? "")}</td>` +
        `<td>${access ? `${escapeHtml(access.level)} (${escapeHtml(access.scope)})` : ""}</td>` +
        `<td>${clientScopes ? (clientScopes.length ? clientScopes.map((scope) => `<code>${escapeHtml(scope)}</code>`).join(" or ") : "any") : "none"}</td></tr>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const tags = [...byTag.keys()].sort();
  const sections = tags
    .map(
      (tag) =>
        `<section><h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>` +
        // A phone scrolls the table, not the page (the region is focusable, so a keyboard scrolls it too);
        // the region, named by the heading, is the section's one landmark.
        `<div class="table-scroll" role="region" aria-labelledby="tag-${escapeHtml(tag)}" tabindex="0">` +
        `<table><thead><tr><th scope="col">Method</th><th scope="col">Path</th><th scope="col">What it does</th>` +
        `<th scope="col">Who may call it (scope)</th><th scope="col">API client scope</th></tr></thead><tbody>${byTag.get(tag)!.join("")}</tbody></table></div></section>`,
    )
    .join("\n");
  const title = `${escapeHtml(document.info.title)} reference`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>${PAGE_ICON_LINK}
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:72rem;margin:0 auto;padding:1rem;color:#111;background:#fff}
table{border-collapse:collapse;width:100%;margin-bottom:2rem}th,td{border:1px solid #888;padding:.3rem .5rem;text-align:left;vertical-align:top}
thead th{background:#eee}code{font-size:.95em}a{color:#0645ad}header p{max-width:50rem}
.table-scroll{overflow-x:auto;margin-bottom:2rem}.table-scroll table{margin:0;min-width:56rem}th code{white-space:nowrap}
nav ul{columns:13rem;padding-left:1.25rem}nav li{break-inside:avoid}</style></head>
<body><header><h1>${title}</h1>
<p>Version ${escapeHtml(document.info.version)}. The machine-readable OpenAPI 3.1 document is
<a href="${OPENAPI_PATH}"><code>${OPENAPI_PATH}</code></a>: generate a client from it. Every call but the public
ones needs <code>Authorization: Bearer &lt;access token&gt;</code>; failures answer
<code>{ "error": { "code", "message", "details"? } }</code>. An agency's systems call as API clients (made by its
admin; OAuth 2.0 client credentials), each limited to the calls of its scopes. Alert webhooks are signed per
Standard Webhooks.</p>
<nav aria-label="Sections"><ul>${tags.map((tag) => `<li><a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a></li>`).join("")}</ul></nav>
</header><main>
${sections}
</main></body></html>
`;
}
