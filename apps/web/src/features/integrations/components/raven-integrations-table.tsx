import { MESSAGES, type TAxisIngestCredentials, type TAxisIntegration } from "@odin/contract";
import { useState } from "react";
import { Button, DataTable, Modal, Notice, RowActions } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { formatTimestamp } from "@/lib/format";
import {
  deleteAxisIntegration,
  pauseAxisIntegration,
  resumeAxisIntegration,
  rotateAxisIngestToken,
} from "../api/axis-integrations";
import { CameraStateBadge } from "./camera-state-badge";

const COLUMNS = [
  "Name",
  "Identifier",
  "Shared with",
  "Status",
  "Last read",
  "Reads (24 h)",
  { hidden: "Actions" },
];

type Confirm = { kind: "rotate" | "delete"; integration: TAxisIntegration };
type Flash = { tone: "success" | "danger"; text: string };

/** The agency's RAVEN integrations with their health, and Rotate token, Pause/Resume and Delete. */
export function RavenIntegrationsTable({
  integrations,
  onChanged,
  onCredentials,
}: {
  integrations: TAxisIntegration[];
  onChanged: () => void;
  onCredentials: (credentials: TAxisIngestCredentials) => void;
}) {
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState<Flash | null>(null);

  const run = async (work: () => Promise<string | null>) => {
    setBusy(true);
    try {
      const message = await work();
      if (message) setFlash({ tone: "success", text: message });
      onChanged();
    } catch (error) {
      setFlash({ tone: "danger", text: errorReason(error) ?? MESSAGES.anErrorOccurred });
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  const confirmed = () =>
    confirm &&
    void run(async () => {
      if (confirm.kind === "delete") return (await deleteAxisIntegration(confirm.integration.id)).message;
      onCredentials(await rotateAxisIngestToken(confirm.integration.id));
      setFlash(null);
      return null;
    });

  return (
    <>
      {flash && <Notice tone={flash.tone}>{flash.text}</Notice>}
      <DataTable columns={COLUMNS} caption="RAVEN integrations" label="RAVEN integration list">
        {integrations.map((item) => (
          <tr key={item.id} data-state={item.health.state}>
            <td>{item.name}</td>
            <td>
              <code>{item.identifier}</code>
            </td>
            <td>{item.shared_with.map((agency) => agency.name).join(", ") || "Not shared"}</td>
            <td>
              <CameraStateBadge state={item.health.state} />
            </td>
            <td>{item.health.last_read_at ? formatTimestamp(item.health.last_read_at) : "Never"}</td>
            <td>{item.health.reads_24h ?? "—"}</td>
            <td className="admin-actions-cell">
              <RowActions label={item.name}>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                  onClick={() => setConfirm({ kind: "rotate", integration: item })}
                >
                  Rotate token
                </Button>
                {item.status === "paused" ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={busy}
                    onClick={() => void run(async () => (await resumeAxisIntegration(item.id)).message)}
                  >
                    Resume
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={busy}
                    onClick={() => void run(async () => (await pauseAxisIntegration(item.id)).message)}
                  >
                    Pause
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="danger"
                  disabled={busy}
                  onClick={() => setConfirm({ kind: "delete", integration: item })}
                >
                  Delete
                </Button>
              </RowActions>
            </td>
          </tr>
        ))}
      </DataTable>
      <Modal
        open={confirm !== null}
        size="sm"
        title={confirm?.kind === "delete" ? "Delete RAVEN integration" : "Rotate ingest token"}
        onClose={() => setConfirm(null)}
        dismissible={!busy}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)} disabled={busy}>
              {MESSAGES.cancel}
            </Button>
            <Button
              variant={confirm?.kind === "delete" ? "danger" : "primary"}
              busy={busy}
              onClick={confirmed}
            >
              {confirm?.kind === "delete" ? "Delete" : "Rotate token"}
            </Button>
          </>
        }
      >
        {confirm?.kind === "delete" ? (
          <p>
            Delete <strong>{confirm.integration.name}</strong> (<code>{confirm.integration.identifier}</code>
            )? Its pushes are refused from now on. The reads it sent stay searchable until retention removes
            them, and its identifier cannot be used again.
          </p>
        ) : (
          <p>
            Make a new ingest token for <strong>{confirm?.integration.name}</strong>? The current token is
            refused at once: the camera stops delivering until you enter the new one.
          </p>
        )}
      </Modal>
    </>
  );
}
