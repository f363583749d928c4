import { MESSAGES, type TAdminUser } from "@odin/contract";
import { useState } from "react";
import { Button, DataTable, LockedBadge, Notice, RowActions, SignInBadge } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import {
  changeRole,
  deleteUser,
  resetUserMfa,
  sendUserPasswordReset,
  setAuditor,
  unlockUser,
} from "../api/admin-users";
import { otherRole, ROLE_LABELS, UserActionDialog, type Pending } from "./user-action-dialog";
import { SignInDialog } from "./sign-in-dialog";
import { getIdentitySettings } from "@/lib/config";

type Action = "reset" | "unlock" | "mfa" | "auditor";
type Flash = { tone: "success" | "danger"; title?: string; text: string };

export interface UsersTableProps {
  users: TAdminUser[];
  /** The signed-in admin's username: their own row cannot be deleted from here. */
  currentUsername: string | undefined;
  /** After a change the server accepted: the screen reloads the list (and the current user if it was theirs). */
  onChanged: (user: TAdminUser) => void;
}

/**
 * The agency's users with Edit Role, Send Reset and Delete User (001 §2, §4, §8), and Unlock (Odin's:
 * five wrong passwords lock an account for LOCKOUT_MINUTES, shown as "Locked until …", unless its
 * agency's admin or the owner unlocks it sooner).
 */
export function UsersTable({ users, currentUsername, onChanged }: UsersTableProps) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  /** The row whose Send Reset or Unlock is under way. */
  const [working, setWorking] = useState<{ id: number; action: Action } | null>(null);
  const [flash, setFlash] = useState<Flash | null>(null);
  // Issue 34: with the agency's identity provider, how each account signs in, and linking by subject.
  const { external, passwords } = getIdentitySettings();
  const [signInOf, setSignInOf] = useState<TAdminUser | null>(null);
  const showDepartment = users.some((user) => user.department);
  const columns = [
    ...["Username", "Name", "Email", "Role"],
    ...(showDepartment ? ["Department"] : []),
    ...(external ? ["Sign-in"] : []),
    { hidden: "Actions" },
  ];

  const confirm = async () => {
    if (!pending) return;
    const { kind, user } = pending;
    setBusy(true);
    try {
      const reply =
        kind === "role" ? await changeRole(user.id, otherRole(user.role)) : await deleteUser(user.id);
      const fallback = kind === "role" ? MESSAGES.roleUpdated : MESSAGES.userDeleted;
      setFlash({ tone: "success", text: reply.message || fallback });
      onChanged(user);
    } catch (error) {
      const title = kind === "role" ? MESSAGES.failedToUpdateRole : MESSAGES.failedToDeleteUser;
      setFlash({ tone: "danger", title, text: errorReason(error) ?? "" });
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const runAction = async (user: TAdminUser, action: Action) => {
    setWorking({ id: user.id, action });
    try {
      if (action === "auditor") {
        const { auditor } = await setAuditor(user.id, !user.auditor);
        setFlash({
          tone: "success",
          text: auditor
            ? `${user.username} is now an auditor: they can open Review.`
            : `${user.username} is no longer an auditor.`,
        });
        onChanged(user);
        return;
      }
      const reply =
        action === "reset"
          ? await sendUserPasswordReset(user.id)
          : action === "mfa"
            ? await resetUserMfa(user.id)
            : await unlockUser(user.id);
      setFlash({ tone: reply.success ? "success" : "danger", text: reply.message });
      // The list says who is locked out: reload it once a lock is lifted.
      if (action === "unlock" && reply.success) onChanged(user);
    } catch (error) {
      setFlash({ tone: "danger", text: errorReason(error) ?? MESSAGES.anErrorOccurred });
    } finally {
      setWorking(null);
    }
  };
  const isWorking = (user: TAdminUser, action: Action) =>
    working?.id === user.id && working.action === action;

  return (
    <>
      {flash && (
        <Notice tone={flash.tone} title={flash.title}>
          {flash.text && <p>{flash.text}</p>}
        </Notice>
      )}
      <DataTable columns={columns} label="Users of your agency">
        {users.map((user) => {
          const isSelf = user.username === currentUsername;
          return (
            <tr key={user.id}>
              <td>
                {user.username}
                {isSelf && <span className="text-muted"> (you)</span>}
                <LockedBadge until={user.locked_until} />
              </td>
              <td>{user.name}</td>
              <td>{user.email}</td>
              <td>
                <span className={user.role === "admin" ? "badge" : "badge badge--muted"}>
                  {ROLE_LABELS[user.role]}
                </span>
                {user.auditor && (
                  <>
                    {" "}
                    <span className="badge badge--muted">Auditor</span>
                  </>
                )}
              </td>
              {showDepartment && <td>{user.department ?? "—"}</td>}
              {external && (
                <td>
                  <SignInBadge signIn={user.sign_in} />
                </td>
              )}
              <td>
                <RowActions label={user.username}>
                  <Button variant="secondary" size="sm" onClick={() => setPending({ kind: "role", user })}>
                    {MESSAGES.editRole}
                  </Button>
                  {passwords && (
                    <Button
                      variant="secondary"
                      size="sm"
                      busy={isWorking(user, "reset")}
                      onClick={() => void runAction(user, "reset")}
                    >
                      {isWorking(user, "reset") ? MESSAGES.sending : MESSAGES.sendReset}
                    </Button>
                  )}
                  {external && (
                    <Button variant="secondary" size="sm" onClick={() => setSignInOf(user)}>
                      Sign-in…
                    </Button>
                  )}
                  {passwords && (
                    <Button
                      variant="ghost"
                      size="sm"
                      busy={isWorking(user, "unlock")}
                      title={MESSAGES.unlockHint}
                      onClick={() => void runAction(user, "unlock")}
                    >
                      {MESSAGES.unlock}
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    busy={isWorking(user, "auditor")}
                    title="Auditors open the supervisor review screen (Review) and mark flags reviewed"
                    onClick={() => void runAction(user, "auditor")}
                  >
                    {user.auditor ? "Remove auditor" : "Make auditor"}
                  </Button>
                  {user.mfa_enabled && (
                    <Button
                      variant="ghost"
                      size="sm"
                      busy={isWorking(user, "mfa")}
                      title="Lost phone: the user sets up two-step sign-in again at next sign-in"
                      onClick={() => void runAction(user, "mfa")}
                    >
                      Reset two-step
                    </Button>
                  )}
                  <Button
                    variant="danger"
                    size="sm"
                    disabled={isSelf}
                    title={isSelf ? "You cannot delete your own account." : undefined}
                    onClick={() => setPending({ kind: "delete", user })}
                  >
                    {MESSAGES.deleteUser}
                  </Button>
                </RowActions>
              </td>
            </tr>
          );
        })}
      </DataTable>
      <SignInDialog
        user={signInOf}
        onClose={() => setSignInOf(null)}
        onSaved={(user, message) => {
          setSignInOf(null);
          setFlash({ tone: "success", text: message });
          onChanged(user);
        }}
      />
      <UserActionDialog
        pending={pending}
        busy={busy}
        isSelf={pending?.user.username === currentUsername}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
