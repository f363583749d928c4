import type { TAdminUser } from "@odin/contract";
import { useEffect, useId, useState, type FormEvent } from "react";
import { Field, Input } from "@/components/forms";
import { Button, Modal, Notice } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { setUserIdentity } from "../api/admin-users";

export interface SignInDialogProps {
  user: TAdminUser | null;
  onClose: () => void;
  /** The server accepted the change: its message, for the screen's notice. */
  onSaved: (user: TAdminUser, message: string) => void;
}

/**
 * Issue 34: an admin binds an account to the person's subject at the agency's identity provider, or
 * clears it so the next sign-in links again by verified e-mail. Either ends the account's sessions.
 */
export function SignInDialog({ user, onClose, onSaved }: SignInDialogProps) {
  const id = useId();
  const [subject, setSubject] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    setSubject(user?.idp_subject ?? "");
    setFailure(null);
  }, [user]);

  const save = async (value: string | null) => {
    if (!user) return;
    setBusy(true);
    setFailure(null);
    try {
      const reply = await setUserIdentity(user.id, value);
      onSaved(user, reply.message);
    } catch (error) {
      setFailure(errorReason(error) ?? "The change was not saved.");
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (subject.trim()) void save(subject.trim());
  };

  return (
    <Modal
      open={user !== null}
      title={user ? `Sign-in of ${user.username}` : "Sign-in"}
      onClose={onClose}
      footer={
        <>
          {user?.idp_subject && (
            <Button variant="danger" busy={busy} onClick={() => void save(null)}>
              Unlink
            </Button>
          )}
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} busy={busy} disabled={!subject.trim()}>
            Link to this subject
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate>
        <p>
          {user?.idp_subject
            ? "This account is linked to the subject below at your identity provider."
            : "This account is waiting for its first sign-in: it is linked when your identity provider confirms the same e-mail address. You can link it to the person's subject now instead."}
        </p>
        <Field
          label={
            <>
              Identity provider subject (<code>sub</code>)
            </>
          }
          name="idp_subject"
          hint="Changing or unlinking ends the account's sessions at once; both are recorded in the audit log."
        >
          <Input value={subject} onValue={setSubject} autoComplete="off" spellCheck={false} disabled={busy} />
        </Field>
        {failure && <Notice tone="danger">{failure}</Notice>}
      </form>
    </Modal>
  );
}
