import { MESSAGES, PERMISSIONS_POPUP_MS, type TAgencyUser } from "@odin/contract";
import { useEffect, useState } from "react";
import { useCurrentUserState } from "@/lib/auth/current-user";
import { Button, DataTable, EmptyState, Modal, Notice } from "@/components/ui";
import { toError } from "@/lib/error-reason";
import { useInvalidate } from "@/lib/query-client";
import { updateAlertPermissions } from "../../api/permissions";
import { alertKeys } from "../../api/queries";

const COLUMNS = ["Name", "Email", "Hotlist Admin", "Hotlist Viewer"];

type Flag = "hotlist_admin" | "hotlist_viewer";
type SaveState =
  | { status: "idle" | "saving" }
  | { status: "saved"; message: string }
  | { status: "failed"; message: string };

/**
 * The agency's users with Hotlist Admin and Hotlist Viewer boxes (001 §2). Save Changes sends every
 * user's two flags; the success popup closes itself after PERMISSIONS_POPUP_MS.
 */
export function PermissionsTable({ initial }: { initial: TAgencyUser[] }) {
  const { refresh } = useCurrentUserState();
  const invalidate = useInvalidate();
  const [users, setUsers] = useState(initial);
  const [save, setSave] = useState<SaveState>({ status: "idle" });

  useEffect(() => {
    if (save.status !== "saved") return;
    const timer = setTimeout(() => setSave({ status: "idle" }), PERMISSIONS_POPUP_MS);
    return () => clearTimeout(timer);
  }, [save.status]);

  if (users.length === 0) return <EmptyState title="No users in your agency yet." />;

  const setFlag = (id: number, flag: Flag, value: boolean) =>
    setUsers((list) => list.map((user) => (user.id === id ? { ...user, [flag]: value } : user)));

  const submit = async () => {
    setSave({ status: "saving" });
    try {
      const reply = await updateAlertPermissions(users);
      setSave({ status: "saved", message: reply.message });
      void refresh(); // the signed-in user's own flags may have changed (the Alerts link)
      invalidate(alertKeys.agencyUsers);
    } catch (error) {
      setSave({ status: "failed", message: `${MESSAGES.saveFailed} ${toError(error).message}` });
    }
  };

  const saving = save.status === "saving";
  return (
    <>
      <DataTable
        columns={COLUMNS}
        className="permissions-table"
        caption="Alert permissions of your agency's users"
      >
        {users.map((user) => (
          <tr key={user.id}>
            <th scope="row">{user.name}</th>
            <td>{user.email}</td>
            {(["hotlist_admin", "hotlist_viewer"] as const).map((flag) => (
              <td key={flag} className="permissions-table__box">
                <input
                  type="checkbox"
                  aria-label={`${flag === "hotlist_admin" ? "Hotlist Admin" : "Hotlist Viewer"}: ${user.name}`}
                  checked={user[flag]}
                  disabled={saving}
                  onChange={(event) => setFlag(user.id, flag, event.target.checked)}
                />
              </td>
            ))}
          </tr>
        ))}
      </DataTable>
      {save.status === "failed" && <Notice tone="danger">{save.message}</Notice>}
      <div className="form-actions">
        <Button busy={saving} onClick={() => void submit()}>
          {saving ? MESSAGES.saving : MESSAGES.saveChanges}
        </Button>
      </div>
      <Modal
        open={save.status === "saved"}
        title="Permissions saved"
        size="sm"
        onClose={() => setSave({ status: "idle" })}
      >
        <Notice tone="success">{save.status === "saved" ? save.message : ""}</Notice>
      </Modal>
    </>
  );
}
