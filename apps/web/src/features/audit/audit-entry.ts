import {
  SOURCE_PROGRAM_LABELS,
  SOURCE_PROGRAMS,
  ZAuditQueryParameters,
  type SourceProgram,
  type TAuditQueryParameters,
} from "@odin/contract";

export interface AuditRowFacts extends TAuditQueryParameters {
  /** What was done ("search", "export_pdf", "user_added"...), when the row records it. */
  action?: string;
}

/**
 * The facts of an audit row: `query_parameters` is JSON text (001 §3) with the search's parameters;
 * Odin also records exports and admin actions there, with their `action`. Text that does not parse
 * gives no facts rather than an error.
 */
export function parseQueryParameters(text: string): AuditRowFacts {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  const parsed = ZAuditQueryParameters.safeParse(value);
  const params = parsed.success ? parsed.data : {};
  const action =
    typeof value === "object" && value !== null && "action" in value && typeof value.action === "string"
      ? value.action
      : undefined;
  return action ? { ...params, action } : params;
}

const ACRONYMS: Readonly<Record<string, string>> = { api: "API", pdf: "PDF", zip: "ZIP", csv: "CSV" };

/** "api_key_added" as a person reads it: "API key added". */
export function formatAction(action: string | undefined): string {
  const words = (action ?? "").split("_").filter(Boolean);
  const text = words.map((word) => ACRONYMS[word] ?? word).join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const isSourceProgram = (name: string): name is SourceProgram =>
  (SOURCE_PROGRAMS as readonly string[]).includes(name);

/** "Rekor,Axis" as the interface names the programs: "Rekor, RAVEN". */
export function formatPrograms(programs: string): string {
  return programs
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => (isSourceProgram(name) ? SOURCE_PROGRAM_LABELS[name] : name))
    .join(", ");
}
