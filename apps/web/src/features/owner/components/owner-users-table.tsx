import { MESSAGES, type TOwnerUser } from "@odin/contract";
import { useState } from "react";
import { Field, Input } from "@/components/forms";
import { Button, DataTable, LockedBadge, Notice, RowActions, SignInBadge } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { getIdentitySettings } from "@/lib/config";
import { unlockUser } from "../api/owner";
import { ResetPasswordDialog } from "./reset-password-dialog";

const COLUMNS = ["Username", "Name", "Email", "Role", "Agency", { hidden: "Actions" }];
/** Issue 34: with the agency's identity provider, passwords are the provider's; the table says how each signs in. */
const PROVIDER_COLUMNS = ["Username", "Name", "Email", "Role", "Agency", "Sign-in"];

type Flash = { tone: "success" | "danger"; text: string };

const matches = (user: TOwnerUser, filter: string) =>
  [user.username, user.name, user.email, user.agency_name ?? ""].some((value) =>
    value.toLowerCase().includes(filter),
  );

/** Every user of every agency with Reset Password and Unlock (001 §2; unlock is Odin's, issue 8). */
export function OwnerUsersTable({ users }: { users: TOwnerUser[] }) {
  const { passwords } = getIdentitySettings();
  const [filter, setFilter] = useState("");
  const [resetting, setResetting] = useState<TOwnerUser | null>(null);
  const [unlocking, setUnlocking] = useState<number | null>(null);
  const [flash, setFlash] = useState<Flash | null>(null);
  const needle = filter.trim().toLowerCase();
  const shown = needle ? users.filter((user) => matches(user, needle)) : users;

  const unlock = async (user: TOwnerUser) => {
    setUnlocking(user.id);
    try {
      const reply = await unlockUser(user.id);
      setFlash({ tone: "success", text: reply.message });
    } catch (error) {
      setFlash({ tone: "danger", text: errorReason(error) ?? MESSAGES.anErrorOccurred });
    } finally {
      setUnlocking(null);
    }
  };

  return (
    <>
      <Field label="Filter users" name="user_filter" className="owner-filter">
        <Input
          type="search"
          value={filter}
          onValue={setFilter}
          placeholder="Username, name, email or agency"
        />
      </Field>
      {flash && <Notice tone={flash.tone}>{flash.text}</Notice>}
      <DataTable
        columns={passwords ? COLUMNS : PROVIDER_COLUMNS}
        label="User list of every agency"
        after={shown.length === 0 && <p className="table-empty">No user matches “{filter.trim()}”.</p>}
      >
        {shown.map((user) => (
          <tr key={user.id}>
            <td>
              {user.username}
              <LockedBadge until={user.locked_until} />
            </td>
            <td>{user.name}</td>
            <td>{user.email}</td>
            <td>
              <span className={user.role === "admin" ? "badge" : "badge badge--muted"}>
                {user.role === "admin" ? "Admin" : "User"}
              </span>
            </td>
            <td>{user.agency_name ?? "—"}</td>
            {!passwords && (
              <td>
                <SignInBadge signIn={user.sign_in} />
              </td>
            )}
            {passwords && (
              <td>
                <RowActions label={user.username}>
                  <Button variant="secondary" size="sm" onClick={() => setResetting(user)}>
                    {MESSAGES.resetPassword}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    busy={unlocking === user.id}
                    title={MESSAGES.unlockHint}
                    onClick={() => void unlock(user)}
                  >
                    {MESSAGES.unlock}
                  </Button>
                </RowActions>
              </td>
            )}
          </tr>
        ))}
      </DataTable>
      {resetting && <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />}
    </>
  );
}
