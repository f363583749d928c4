import { MESSAGES, type TAxonExistingIntegrationResponse, type TAxonIntegration } from "@odin/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { QueryView } from "@/components/layouts/query-view";
import { Button, Card, Modal, Notice } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { deleteAxonIntegration } from "../api/axon";
import { AxonIntegrationForm } from "./axon-integration-form";

type Flash = { tone: "success" | "danger"; text: string };

/** The agency's Axon integration: the form when there is none, else its view with Delete (001 §2). */
export function AxonIntegrationCard({
  query,
  onChanged,
}: {
  query: UseQueryResult<TAxonExistingIntegrationResponse>;
  onChanged: () => void;
}) {
  const [flash, setFlash] = useState<Flash | null>(null);
  const changed = (text: string) => {
    setFlash({ tone: "success", text });
    onChanged();
  };

  return (
    <Card title="Axon Integration">
      {flash && <Notice tone={flash.tone}>{flash.text}</Notice>}
      <QueryView query={query} failed={() => MESSAGES.errorLoadingAxonIntegration}>
        {(data) =>
          data.existing_integration ? (
            <IntegrationView
              integration={data.existing_integration}
              onDeleted={changed}
              onFailed={(text) => setFlash({ tone: "danger", text })}
            />
          ) : (
            <AxonIntegrationForm onAdded={changed} />
          )
        }
      </QueryView>
    </Card>
  );
}

function IntegrationView({
  integration,
  onDeleted,
  onFailed,
}: {
  integration: TAxonIntegration;
  onDeleted: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    setBusy(true);
    try {
      const reply = await deleteAxonIntegration();
      setConfirming(false);
      onDeleted(reply.message || MESSAGES.axonIntegrationDeleted);
    } catch (error) {
      setConfirming(false);
      onFailed(errorReason(error) ?? MESSAGES.unknownError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <dl className="details-list">
        <div>
          <dt>Agency</dt>
          <dd>{integration.agency_name}</dd>
        </div>
        <div>
          <dt>Base URL</dt>
          <dd className="break-anywhere">{integration.base_url}</dd>
        </div>
      </dl>
      <p className="text-muted">The client secret is stored encrypted and is never shown.</p>
      <div className="form-actions">
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete Integration
        </Button>
      </div>
      <Modal
        open={confirming}
        size="sm"
        title="Delete Axon integration"
        onClose={() => setConfirming(false)}
        dismissible={!busy}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              {MESSAGES.cancel}
            </Button>
            <Button variant="danger" busy={busy} onClick={() => void remove()}>
              Delete Integration
            </Button>
          </>
        }
      >
        <p>
          Delete the Axon integration of <strong>{integration.agency_name}</strong>? Searches no longer
          include Axon reads until a new one is added.
        </p>
      </Modal>
    </>
  );
}
