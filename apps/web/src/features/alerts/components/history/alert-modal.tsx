import type { TAlert } from "@odin/contract";
import { Link } from "react-router-dom";
import { Modal } from "@/components/ui";
import { AlertDetails } from "./alert-details";

export interface AlertModalProps {
  alert: TAlert | null;
  onClose: () => void;
  /** The alert as the server saved it after a disposition or an acknowledgement. */
  onChange?: (alert: TAlert) => void;
}

/** The alert modal of the group history (001 §2); closes with ×, Escape or a click outside. */
export function AlertModal({ alert, onClose, onChange }: AlertModalProps) {
  if (!alert) return null;
  return (
    <Modal
      open
      title="Alert details"
      onClose={onClose}
      size="lg"
      footer={
        <Link to={`/alert-history-detail/${alert.id}`} className="alert-detail__permalink">
          Open as a page
        </Link>
      }
    >
      <AlertDetails alert={alert} onChange={onChange} />
    </Modal>
  );
}
