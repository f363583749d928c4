import { MESSAGES, type TRekorApiKey } from "@odin/contract";
import { useState } from "react";
import { Button, DataTable, Modal, Notice } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { deleteApiKey } from "../api/rekor-keys";
import { WebhookCell } from "./webhook-cell";

const COLUMNS = ["Agency", "Program", "API key", "Webhook", { hidden: "Actions" }];

type Flash = { tone: "success" | "danger"; title?: string; text?: string };

/** The stored keys as the server sends them (masked), each with its webhook and Delete after a confirmation. */
export function ApiKeysTable({ keys, onChanged }: { keys: TRekorApiKey[]; onChanged: () => void }) {
  const [pending, setPending] = useState<TRekorApiKey | null>(null);
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState<Flash | null>(null);

  const confirmDelete = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const reply = await deleteApiKey(pending.id);
      setFlash({ tone: "success", text: reply.message || MESSAGES.apiKeyDeleted });
      onChanged();
    } catch (error) {
      const text = errorReason(error);
      setFlash({ tone: "danger", title: MESSAGES.errorDeletingApiKey, text });
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  return (
    <>
      {flash && (
        <Notice tone={flash.tone} title={flash.title}>
          {flash.text && <p>{flash.text}</p>}
        </Notice>
      )}
      <DataTable columns={COLUMNS} label="Rekor API keys">
        {keys.map((key) => (
          <tr key={key.id}>
            <td>{key.agency}</td>
            <td>{key.source_program}</td>
            <td>
              <code className="masked-secret">{key.api_key}</code>
            </td>
            <td>
              <WebhookCell apiKey={key} onIssued={onChanged} />
            </td>
            <td className="admin-actions-cell">
              <Button
                variant="danger"
                size="sm"
                aria-label={`Delete the API key of ${key.agency}`}
                onClick={() => setPending(key)}
              >
                Delete
              </Button>
            </td>
          </tr>
        ))}
      </DataTable>
      <Modal
        open={pending !== null}
        size="sm"
        title="Delete API key"
        onClose={() => setPending(null)}
        dismissible={!busy}
        footer={
          <>
            <Button variant="secondary" onClick={() => setPending(null)} disabled={busy}>
              {MESSAGES.cancel}
            </Button>
            <Button variant="danger" busy={busy} onClick={() => void confirmDelete()}>
              Delete
            </Button>
          </>
        }
      >
        <p>
          Delete the Rekor key of <strong>{pending?.agency}</strong> (<code>{pending?.api_key}</code>)?
          Searches stop reaching this agency&apos;s Rekor cameras.
        </p>
      </Modal>
    </>
  );
}
