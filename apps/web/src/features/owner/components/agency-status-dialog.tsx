import { MESSAGES, type TAgencyChangeResponse, type TManagedAgency } from "@odin/contract";
import { useState } from "react";
import { Button, Modal, Notice } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { setAgencyActive } from "../api/agencies";

export interface AgencyStatusDialogProps {
  agency: TManagedAgency;
  onDone: (reply: TAgencyChangeResponse) => void;
  onClose: () => void;
}

/** Deactivate or reactivate, after saying what it does to the agency's users. */
export function AgencyStatusDialog({ agency, onDone, onClose }: AgencyStatusDialogProps) {
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const deactivating = agency.active;
  const verb = deactivating ? "Deactivate" : "Reactivate";
  const users = `${agency.user_count} user${agency.user_count === 1 ? "" : "s"}`;

  const confirm = async () => {
    setSaving(true);
    setFailure(null);
    try {
      onDone(await setAgencyActive(agency.id, !deactivating));
    } catch (error) {
      setFailure(errorReason(error) ?? MESSAGES.anErrorOccurred);
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      size="sm"
      title={`${verb} ${agency.name}?`}
      onClose={onClose}
      dismissible={!saving}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {MESSAGES.cancel}
          </Button>
          <Button variant={deactivating ? "danger" : "primary"} busy={saving} onClick={() => void confirm()}>
            {verb}
          </Button>
        </>
      }
    >
      {deactivating ? (
        <p>
          Its {users} can no longer sign in, and those already signed in are refused on their next action. Its
          integrations leave every search form. Nothing is deleted: reactivate it to restore access.
        </p>
      ) : (
        <p>Its {users} can sign in again, and its integrations return to the search forms.</p>
      )}
      {failure && <Notice tone="danger">{failure}</Notice>}
    </Modal>
  );
}
