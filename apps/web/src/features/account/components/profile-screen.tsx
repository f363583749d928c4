import { MESSAGES, type TProfile } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Button, buttonClassName, Card, Notice, PageHeader, Spinner } from "@/components/ui";
import { AlertChannelsCard } from "@/features/alert-delivery/components/alert-channels-card";
import { toError } from "@/lib/error-reason";
import { accountQueries } from "../api/queries";
import { sendPasswordReset } from "../api/send-password-reset";
import { MfaCard } from "./mfa-card";
import { getIdentitySettings } from "@/lib/config";

const ROLE_LABELS: Record<TProfile["role"], string> = { admin: "Admin", user: "User" };

/** Shown when the reset request fails without a message of its own (the spec names none). */
export const RESET_LINK_FAILED = "The reset email could not be sent. Try again later.";

/** Route /profile (001 §2): username, email and role; password reset by e-mail; change password. */
export function ProfileScreen() {
  const profile = useQuery(accountQueries.profile());
  return (
    <>
      <PageHeader
        title="Profile"
        eyebrow="Account"
        description="Your account details as your agency set them up."
      />
      <Card title="Account details">
        {profile.isPending && <Spinner label={MESSAGES.loading} />}
        {profile.status === "error" && (
          <>
            <Notice tone="danger">{MESSAGES.errorLoadingProfile}</Notice>
            <Button variant="secondary" onClick={() => void profile.refetch()}>
              Try again
            </Button>
          </>
        )}
        {profile.status === "success" && (
          <dl className="details-list">
            <div>
              <dt>Username</dt>
              <dd>{profile.data.username}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{profile.data.email || "—"}</dd>
            </div>
            <div>
              <dt>Role</dt>
              <dd>{ROLE_LABELS[profile.data.role]}</dd>
            </div>
          </dl>
        )}
      </Card>
      <AlertChannelsCard />
      {getIdentitySettings().passwords ? <PasswordCard /> : <ProviderPasswordCard />}
      <MfaCard />
    </>
  );
}

type ResetState =
  { status: "idle" } | { status: "sending" } | { status: "sent" } | { status: "failed"; message: string };

/**
 * Issue 34: with the agency's identity provider, passwords (and their resets) are the provider's: the
 * card says where to go instead of offering buttons the server would refuse.
 */
function ProviderPasswordCard() {
  return (
    <Card title="Password">
      <p className="text-muted">
        You sign in with your agency&apos;s identity provider: change your password, or reset it, there (or
        ask your agency&apos;s IT service desk). Odin keeps no password for you.
      </p>
    </Card>
  );
}

function PasswordCard() {
  const [reset, setReset] = useState<ResetState>({ status: "idle" });

  const sendResetLink = async () => {
    setReset({ status: "sending" });
    try {
      const reply = await sendPasswordReset();
      setReset(
        reply.success
          ? { status: "sent" }
          : { status: "failed", message: reply.message || RESET_LINK_FAILED },
      );
    } catch (error) {
      setReset({ status: "failed", message: toError(error).message || RESET_LINK_FAILED });
    }
  };

  const sending = reset.status === "sending";
  return (
    <Card title="Password">
      <p className="text-muted">
        Change your password here, or have Odin e-mail you a secure single-use link to set a new one.
      </p>
      {reset.status === "sent" && <Notice tone="success">{MESSAGES.passwordResetEmailSent}</Notice>}
      {reset.status === "failed" && <Notice tone="danger">{reset.message}</Notice>}
      <div className="form-actions">
        <Link to="/change-password" className={buttonClassName("primary")}>
          Change password
        </Link>
        <Button variant="secondary" busy={sending} onClick={() => void sendResetLink()}>
          {sending ? MESSAGES.sending : MESSAGES.sendResetLink}
        </Button>
      </div>
    </Card>
  );
}
