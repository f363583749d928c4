import { checkPasswordStrength, MESSAGES } from "@odin/contract";
import { useEffect, useId, useState, type FormEvent, type InputHTMLAttributes } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useCurrentUserState } from "@/lib/auth/current-user";
import { FailureNotice, Field, Input } from "@/components/forms";
import { Button, buttonClassName, Card, Notice, PageHeader } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { getPasswordMinLength } from "@/lib/config";
import { resetPassword } from "../api/reset-password";
import { PasswordRequirements } from "./password-requirements";

/** How long the success message shows before Search opens. */
export const PASSWORD_CHANGED_REDIRECT_MS = 1500;
/** The form's own check before sending (the server enforces the same rules). */
export const PASSWORD_RULES_NOT_MET = "Your new password does not meet every requirement listed.";

type SubmitState =
  | { status: "idle" }
  | { status: "saving" }
  | { status: "done"; message: string }
  /** `field`: the field the refusal is about (the confirmation that does not match). */
  | { status: "failed"; message: string; details: string[]; field?: "confirmation" };

/**
 * Route /change-password (001 §2, §4, §5): new password and confirmation, the live requirement list,
 * 'Passwords do not match!' without sending, POST /user/reset-password, and on the exact success reply
 * the message, a fresh current user and Search.
 */
export function ChangePasswordScreen() {
  const id = useId();
  const navigate = useNavigate();
  const { user, refresh } = useCurrentUserState();
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [state, setState] = useState<SubmitState>({ status: "idle" });
  const mustChange = user?.must_change_password === true;

  useEffect(() => {
    if (state.status !== "done") return;
    const timer = setTimeout(() => void navigate("/search", { replace: true }), PASSWORD_CHANGED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.status, navigate]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirmation) {
      setState({
        status: "failed",
        message: MESSAGES.passwordsDoNotMatch,
        details: [],
        field: "confirmation",
      });
      return;
    }
    if (checkPasswordStrength(password, getPasswordMinLength()).length > 0) {
      setState({ status: "failed", message: PASSWORD_RULES_NOT_MET, details: [] });
      return;
    }
    setState({ status: "saving" });
    try {
      const outcome = await resetPassword(password, current);
      if (!outcome.ok) {
        setState({ status: "failed", message: outcome.message, details: [] });
        return;
      }
      await refresh(); // must_change_password is cleared now; the guard lets the user go
      setState({ status: "done", message: outcome.message });
    } catch (error) {
      const message = isApiError(error) && error.message ? error.message : MESSAGES.failedToUpdatePassword;
      const details = isApiError(error) ? error.details.map((issue) => issue.message) : [];
      setState({ status: "failed", message, details: details.filter((detail) => detail !== message) });
    }
  };

  const saving = state.status === "saving";
  const done = state.status === "done";
  const mismatch = state.status === "failed" && state.field === "confirmation";

  return (
    <>
      <PageHeader
        title="Change Password"
        eyebrow="Account"
        description="Choose a new password for your Odin account."
      />
      {mustChange && !done && (
        <Notice tone="warning" title="Choose a new password to continue">
          Your password was reset to a temporary one. Set your own before using Odin.
        </Notice>
      )}
      <Card className="narrow-card">
        <form onSubmit={(event) => void submit(event)} noValidate>
          {/* Tells password managers whose password this is. */}
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={user?.username ?? ""}
            readOnly
            hidden
          />
          {/* Odin asks for the current password too (issue 18 item 4): a change needs it. */}
          <Field label="Current password" name="current_password">
            <Input
              type="password"
              autoComplete="current-password"
              required
              value={current}
              onValue={setCurrent}
              disabled={saving || done}
            />
          </Field>
          <NewPasswordField
            name="password"
            label="New password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            describedBy={`${id}-rules`}
            disabled={saving || done}
          />
          <PasswordRequirements id={`${id}-rules`} password={password} />
          <p className="text-muted" id={`${id}-policy`}>
            Odin also refuses a password found in lists of common or breached passwords, a common word with
            digits or symbols added (like Summer2025!), your username and your last 5 passwords.
          </p>
          <NewPasswordField
            name="confirmation"
            label="Confirm new password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            aria-invalid={mismatch || undefined}
            disabled={saving || done}
          />
          {state.status === "failed" && <FailureNotice message={state.message} details={state.details} />}
          {done && <Notice tone="success">{state.message}</Notice>}
          <div className="form-actions">
            <Button type="submit" busy={saving} disabled={done}>
              {saving ? MESSAGES.saving : "Change password"}
            </Button>
            {!mustChange && !done && (
              <Link to="/profile" className={buttonClassName("secondary")}>
                {MESSAGES.cancel}
              </Link>
            )}
          </div>
        </form>
      </Card>
    </>
  );
}

type NewPasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id"> & {
  name: string;
  label: string;
  /** The requirement list under the field, read out with it. */
  describedBy?: string;
};

/** The new password and its confirmation: required, and marked for password managers as a new one. */
function NewPasswordField({
  name,
  label,
  describedBy,
  "aria-invalid": invalid,
  ...input
}: NewPasswordFieldProps) {
  return (
    <Field label={label} name={name} describedBy={describedBy}>
      <Input type="password" autoComplete="new-password" required aria-invalid={invalid} {...input} />
    </Field>
  );
}
