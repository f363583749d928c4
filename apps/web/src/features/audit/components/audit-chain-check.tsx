import type { TAuditChainResponse } from "@odin/contract";
import { useState } from "react";
import { Button, Card, Notice } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { formatTimestamp } from "@/lib/format";
import { toError } from "@/lib/error-reason";
import { verifyAuditChain } from "../api/audit-logs";

/** Odin's own messages for the tamper check (issue 17): the spec's audit screen has none. */
export const CHAIN_INTACT = "Every audit entry is intact: none was changed or removed.";
export const CHAIN_BROKEN = "The audit log was changed outside Odin.";
export const CHAIN_FAILED = "Could not check the audit log.";

type CheckState =
  | { status: "idle" }
  | { status: "checking" }
  | { status: "done"; result: TAuditChainResponse }
  | { status: "error"; error: Error };

/**
 * The tamper check: every audit entry carries a hash chained to the entry before it (per agency),
 * and the server re-computes the chain on request, naming the first entry that does not match.
 * The same check runs from the command line: `pnpm odin verify-audit`.
 */
export function AuditChainCheck() {
  const [state, setState] = useState<CheckState>({ status: "idle" });
  const check = () => {
    setState({ status: "checking" });
    verifyAuditChain().then(
      (result) => setState({ status: "done", result }),
      (error: unknown) => setState({ status: "error", error: toError(error) }),
    );
  };
  return (
    <Card title="Tamper check">
      <p>
        Each entry is sealed with a hash of the entry before it. Checking recomputes the seals and names the
        first entry that no longer matches.
      </p>
      <Button variant="secondary" onClick={check} busy={state.status === "checking"}>
        Check the audit log
      </Button>
      {state.status === "error" && (
        <Notice tone="danger" title={CHAIN_FAILED}>
          {isApiError(state.error) ? state.error.message : null}
        </Notice>
      )}
      {state.status === "done" && (
        <div className="audit-chain">
          <Notice
            tone={state.result.ok ? "success" : "danger"}
            title={state.result.ok ? CHAIN_INTACT : CHAIN_BROKEN}
          >
            Checked {formatTimestamp(state.result.checked_at)}.
          </Notice>
          <ul className="audit-chain__list">
            {state.result.chains.map((chain) => (
              <li key={chain.agency_id ?? "none"}>
                <strong>{chain.agency_name ?? "No agency (owner, unknown users)"}</strong>: {chain.rows}{" "}
                {chain.rows === 1 ? "entry" : "entries"},{" "}
                {chain.first_broken
                  ? `first broken entry #${chain.first_broken.id} (written ${formatTimestamp(chain.first_broken.created_at)}): ${chain.first_broken.reason}`
                  : "intact"}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
