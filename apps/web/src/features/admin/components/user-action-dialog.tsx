import { MESSAGES, type TAdminUser, type TRole } from "@odin/contract";
import { Button, Modal, Notice } from "@/components/ui";

export const ROLE_LABELS: Record<TRole, string> = { admin: "Admin", user: "User" };
export const otherRole = (role: TRole): TRole => (role === "admin" ? "user" : "admin");

/** An action on a user that needs a confirmation first (001 §4: the role toggle; deleting too). */
export type Pending = { kind: "role" | "delete"; user: TAdminUser };

/** The confirmation naming the change: "from Admin to User", or the user to delete. */
export function UserActionDialog({
  pending,
  busy,
  isSelf,
  onCancel,
  onConfirm,
}: {
  pending: Pending | null;
  busy: boolean;
  isSelf: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  if (!pending) return null;
  const { kind, user } = pending;
  const from = ROLE_LABELS[user.role];
  const to = ROLE_LABELS[otherRole(user.role)];
  const isRole = kind === "role";
  return (
    <Modal
      open
      size="sm"
      title={isRole ? "Change role" : "Delete user"}
      onClose={onCancel}
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {MESSAGES.cancel}
          </Button>
          <Button variant={isRole ? "primary" : "danger"} busy={busy} onClick={onConfirm}>
            {isRole ? `Make ${to}` : MESSAGES.deleteUser}
          </Button>
        </>
      }
    >
      {isRole ? (
        <p>
          Change the role of <strong>{user.name || user.username}</strong> ({user.username}) from{" "}
          <strong>{from}</strong> to <strong>{to}</strong>?
        </p>
      ) : (
        <p>
          Delete <strong>{user.name || user.username}</strong> ({user.username})? They can no longer sign in
          to Odin. Their past searches stay in the audit log.
        </p>
      )}
      {isRole && isSelf && user.role === "admin" && (
        <Notice tone="warning">
          This is your own account: you will lose access to the administration pages.
        </Notice>
      )}
    </Modal>
  );
}
