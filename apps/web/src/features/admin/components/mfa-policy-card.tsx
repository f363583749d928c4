import type { TMfaPolicy } from "@odin/contract";
import { getIdentitySettings } from "@/lib/config";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Card, Checkbox, Notice } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { setMfaPolicy } from "../api/mfa-policy";
import { adminKeys, adminQueries } from "../api/queries";

/**
 * Odin's own (issue 18 item 5): an admin requires two-step sign-in of their agency; the owner of
 * every agency. Users without it set it up right after their password at their next sign-in.
 */
export function MfaPolicyCard({ scope }: { scope: "agency" | "all" }) {
  const { data: policy } = useQuery(adminQueries.mfaPolicy());
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Issue 34: with the agency's identity provider, the second factor is the provider's (OIDC_REQUIRED_AMR
  // makes Odin check its tokens say so); this rule is the built-in provider's only.
  if (!policy || getIdentitySettings().external) return null;

  const checked = scope === "all" ? policy.all_required : policy.agency_required || policy.all_required;
  const change = async (required: boolean) => {
    setBusy(true);
    setError(undefined);
    try {
      queryClient.setQueryData<TMfaPolicy>(adminKeys.mfaPolicy, await setMfaPolicy(scope, required));
    } catch (failure) {
      setError(errorReason(failure) ?? "The setting could not be saved.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="Two-step sign-in">
      <Checkbox
        label={
          scope === "all"
            ? "Require two-step sign-in for every agency"
            : "Require two-step sign-in for your agency"
        }
        checked={checked}
        disabled={busy || (scope === "agency" && policy.all_required)}
        onChange={(event) => void change(event.target.checked)}
      />
      <p className="text-muted">
        {scope === "agency" && policy.all_required
          ? "The owner requires it for every agency."
          : "Users without an authenticator app set one up right after their password at their next sign-in; sessions begun without it end."}
      </p>
      {error && <Notice tone="danger">{error}</Notice>}
    </Card>
  );
}
