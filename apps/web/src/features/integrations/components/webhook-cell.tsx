import { MESSAGES, type TRekorApiKey, type TRotateWebhookTokenResponse } from "@odin/contract";
import { useState } from "react";
import { Button, Notice } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { rotateWebhookToken } from "../api/rekor-keys";
import { CopyButton } from "@/components/ui";

/**
 * A key's webhook: the URL its Rekor agents POST to, and a button that issues a token (keys added
 * before tokens existed have none) or rotates it. The new token is shown here once, to be copied into
 * the agent's webhook settings; the server keeps only its hash and refuses the old token at once.
 */
export function WebhookCell({ apiKey, onIssued }: { apiKey: TRekorApiKey; onIssued: () => void }) {
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<TRotateWebhookTokenResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (!apiKey.webhook_url) return <span className="text-muted">—</span>;
  const hasToken = apiKey.has_webhook_token === true || issued !== null;

  const rotate = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setIssued(await rotateWebhookToken(apiKey.id));
      onIssued();
    } catch (error) {
      setFailure(errorReason(error) ?? null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="webhook-cell">
      <code aria-label={`Webhook URL of ${apiKey.agency}`}>{apiKey.webhook_url}</code>{" "}
      <CopyButton text={apiKey.webhook_url} label={`Copy the webhook URL of ${apiKey.agency}`} />{" "}
      <Button
        variant="secondary"
        size="sm"
        busy={busy}
        aria-label={`${hasToken ? "Rotate token" : "Issue token"}: the webhook token of ${apiKey.agency}`}
        onClick={() => void rotate()}
      >
        {hasToken ? "Rotate token" : "Issue token"}
      </Button>
      {!hasToken && (
        <p className="text-muted">No webhook token yet: this key&apos;s agents cannot push reads.</p>
      )}
      {issued && (
        <Notice tone="success" title={issued.message}>
          <p>
            <code aria-label={`New webhook token of ${apiKey.agency}`}>{issued.webhook_token}</code>{" "}
            <CopyButton text={issued.webhook_token} label={`Copy the webhook token of ${apiKey.agency}`} />
          </p>
          <p>
            Send it as <code>Authorization: Bearer …</code>. {MESSAGES.webhookTokenCopyNow}
          </p>
        </Notice>
      )}
      {failure && (
        <Notice tone="danger" title={MESSAGES.webhookTokenFailed}>
          <p>{failure}</p>
        </Notice>
      )}
    </div>
  );
}
