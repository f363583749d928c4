import { useQueryClient } from "@tanstack/react-query";
import { alertKeys } from "../../api/queries";
import { MESSAGES } from "@odin/contract";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button, Modal, Notice } from "@/components/ui";
import { toError } from "@/lib/error-reason";
import { archiveGroup } from "../../api/groups";

/** Delete Group (001 §2, §4): confirmed here, then POST /archive-group and back to My Alert Groups. */
export function DeleteGroupDialog({
  groupId,
  name,
  open,
  onClose,
}: {
  groupId: number;
  name: string;
  open: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await archiveGroup(groupId);
      queryClient.removeQueries({ queryKey: alertKeys.group(groupId) });
      void queryClient.invalidateQueries({ queryKey: alertKeys.groups });
      void navigate("/alerts", { replace: true });
    } catch (failure) {
      setError(MESSAGES.failedToArchiveGroup(toError(failure).message));
      setBusy(false);
    }
  };

  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={`${MESSAGES.deleteGroup}?`}
      size="sm"
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {MESSAGES.cancel}
          </Button>
          <Button variant="danger" busy={busy} onClick={() => void confirm()}>
            {MESSAGES.deleteGroup}
          </Button>
        </>
      }
    >
      <p>
        <strong>{name}</strong> is archived: it leaves everyone&apos;s alert groups and its plates are removed
        from the hotlist, so they raise no more alerts.
      </p>
      {error && <Notice tone="danger">{error}</Notice>}
    </Modal>
  );
}
