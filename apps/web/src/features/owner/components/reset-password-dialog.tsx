import { MESSAGES, type TOwnerUser } from "@odin/contract";
import { useState } from "react";
import { Field, Input } from "@/components/forms";
import { Button, Modal, Notice } from "@/components/ui";
import { errorReason } from "@/lib/error-reason";
import { missingPasswordRules } from "@/lib/password-text";
import { resetUserPassword } from "../api/owner";
import { generateTemporaryPassword } from "../temporary-password";

/** Shown when the reply does not confirm the reset and says nothing else (the spec names no text). */
export const RESET_NOT_CONFIRMED = "The password was not reset.";

type Phase =
  | { status: "editing" }
  | { status: "saving" }
  | { status: "done"; message: string }
  | { status: "failed"; message: string };

/**
 * The owner's Reset Password (001 §4, §6): a temporary password, generated and editable, set with
 * POST /admin/reset-user-password. Counted as done only when the reply's message contains
 * 'successfully'; the user must then choose their own at the next sign-in.
 */
export function ResetPasswordDialog({ user, onClose }: { user: TOwnerUser; onClose: () => void }) {
  const [password, setPassword] = useState(generateTemporaryPassword);
  const [phase, setPhase] = useState<Phase>({ status: "editing" });
  const [copied, setCopied] = useState(false);
  const saving = phase.status === "saving";
  const done = phase.status === "done";
  const weak = missingPasswordRules(password);

  const submit = async () => {
    if (weak) {
      setPhase({ status: "failed", message: weak });
      return;
    }
    setPhase({ status: "saving" });
    try {
      const outcome = await resetUserPassword(user.id, password);
      setPhase(
        outcome.ok
          ? { status: "done", message: outcome.message }
          : { status: "failed", message: outcome.message || RESET_NOT_CONFIRMED },
      );
    } catch (error) {
      setPhase({ status: "failed", message: errorReason(error) ?? RESET_NOT_CONFIRMED });
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      setCopied(false); // the field stays selectable for a manual copy
    }
  };

  return (
    <Modal
      open
      title={MESSAGES.resetPassword}
      onClose={onClose}
      dismissible={!saving}
      footer={
        done ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={saving}>
              {MESSAGES.cancel}
            </Button>
            <Button busy={saving} onClick={() => void submit()}>
              {saving ? MESSAGES.saving : "Set temporary password"}
            </Button>
          </>
        )
      }
    >
      <p>
        Set a temporary password for <strong>{user.name || user.username}</strong> ({user.username}). They
        must choose their own the next time they sign in. Give it to them through a channel you trust.
      </p>
      <Field label="Temporary password" name="temporary_password">
        {(control) => (
          <div className="temp-password">
            <Input
              {...control}
              className="temp-password__input"
              value={password}
              onValue={(value) => {
                setPassword(value);
                setCopied(false);
              }}
              readOnly={saving || done}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={weak !== undefined || undefined}
            />
            <Button variant="secondary" onClick={() => void copy()}>
              {copied ? "Copied" : "Copy"}
            </Button>
            {!done && (
              <Button
                variant="ghost"
                disabled={saving}
                onClick={() => {
                  setPassword(generateTemporaryPassword());
                  setCopied(false);
                }}
              >
                Generate another
              </Button>
            )}
          </div>
        )}
      </Field>
      {phase.status === "done" && <Notice tone="success">{phase.message}</Notice>}
      {phase.status === "failed" && <Notice tone="danger">{phase.message}</Notice>}
    </Modal>
  );
}
