import { MESSAGES, type TScimTokenCreated } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { QueryView } from "@/components/layouts/query-view";
import { Button, Card, CopyableValue, Modal, Notice, Spinner } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { formatTimestamp } from "@/lib/format";
import { useChange } from "@/lib/use-change";
import { createScimToken, revokeScimToken, scimTokenKey, scimTokenQuery } from "../api/scim-token";

/**
 * Odin's own (issue 34 item 3): the agency's SCIM provisioning token, for its Microsoft Entra ID or
 * Okta. Made or replaced here and shown once (Odin keeps only its hash); revoked here.
 */
export function ScimTokenCard() {
  const query = useQuery(scimTokenQuery());
  const [created, setCreated] = useState<TScimTokenCreated>();
  const [confirming, setConfirming] = useState(false);
  const { busy, error, message, setMessage, run } = useChange(scimTokenKey);
  const create = () =>
    run(async () => {
      setCreated(await createScimToken());
    }, "The token could not be made.");
  const revoke = () =>
    run(async () => {
      setMessage((await revokeScimToken()).message);
      setCreated(undefined);
      setConfirming(false);
    }, "The token could not be revoked.");

  return (
    <Card title="Provisioning from your identity provider (SCIM)">
      <p>
        Microsoft Entra ID or Okta can create your agency&apos;s Odin accounts, keep their names and e-mails
        current and switch them off (which ends their sessions at once). Enter the base URL and the token in
        its provisioning settings.
      </p>
      <QueryView
        query={query}
        loading={<Spinner label="Loading the SCIM settings…" />}
        failed={(failure) => errorReason(failure) ?? "The SCIM settings could not be loaded."}
      >
        {(status) => (
          <>
            <CopyableValue label="SCIM base URL" value={status.base_url} />
            {created ? (
              <Notice tone="success" title={created.message}>
                <CopyableValue label="SCIM token" value={created.token} />
                <p>
                  <strong>{MESSAGES.copyTokenNow}</strong> Odin keeps only a fingerprint of it; if it is lost,
                  replace it and enter the new one in your identity provider.
                </p>
                <Button size="sm" variant="secondary" onClick={() => setCreated(undefined)}>
                  I have copied it
                </Button>
              </Notice>
            ) : (
              <p className="text-muted">
                {status.exists
                  ? `A token is in use: made ${formatTimestamp(status.created_at)}, last used ${
                      status.last_used_at ? formatTimestamp(status.last_used_at) : "not yet"
                    }.`
                  : "Your agency has no SCIM token: provisioning calls are refused."}
              </p>
            )}
            <div className="form-actions">
              <Button
                variant={status.exists ? "secondary" : "primary"}
                busy={busy && !confirming}
                disabled={busy}
                onClick={() => void create()}
              >
                {status.exists ? "Replace token" : "Create token"}
              </Button>
              {status.exists && (
                <Button variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
                  Revoke token
                </Button>
              )}
            </div>
            {status.exists && !created && (
              <p className="text-muted">Replacing it stops the current token at once.</p>
            )}
          </>
        )}
      </QueryView>
      {message && <Notice tone="success">{message}</Notice>}
      {error && <Notice tone="danger">{error}</Notice>}
      <Modal
        open={confirming}
        size="sm"
        title="Revoke the SCIM token"
        onClose={() => setConfirming(false)}
        dismissible={!busy}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              {MESSAGES.cancel}
            </Button>
            <Button variant="danger" busy={busy} onClick={() => void revoke()}>
              Revoke token
            </Button>
          </>
        }
      >
        <p>
          Your identity provider can no longer create, change or switch off Odin accounts until you make a new
          token. Accounts already made stay as they are.
        </p>
      </Modal>
    </Card>
  );
}
