import { MESSAGES } from "@odin/contract";
import { Button } from "@/components/ui";
import { MessagePage } from "@/components/layouts/message-page";

interface AccessPageProps {
  /** The server's own words, shown under the explanation when it gave some. */
  detail?: string;
  onRetry: () => void;
  onLogout: (() => void) | undefined;
}

function Actions({
  retryLabel,
  onRetry,
  onLogout,
}: { retryLabel: string } & Omit<AccessPageProps, "detail">) {
  return (
    <>
      <Button onClick={onRetry}>{retryLabel}</Button>
      {onLogout && (
        <Button variant="secondary" onClick={onLogout}>
          Log out
        </Button>
      )}
    </>
  );
}

/**
 * The API answered 403 to GET /get-current-user: signed in, but the account is not approved (or
 * disabled), or the owner deactivated the agency.
 */
export function AccountPendingPage({ detail, onRetry, onLogout }: AccessPageProps) {
  if (detail === MESSAGES.agencyAccessDeactivated) {
    return (
      <MessagePage
        tone="warning"
        title="Your agency's access is deactivated"
        actions={<Actions retryLabel="Check again" onRetry={onRetry} onLogout={onLogout} />}
      >
        <p>{MESSAGES.agencyAccessDeactivated}</p>
        <p className="text-muted">Once the owner reactivates your agency, choose Check again.</p>
      </MessagePage>
    );
  }
  if (detail === MESSAGES.noAccountForSignIn) {
    // Issue 34: signed in at the agency's identity provider, but no Odin account is linked to it yet.
    return (
      <MessagePage
        tone="warning"
        title="No Odin account matches this sign-in"
        actions={<Actions retryLabel="Check again" onRetry={onRetry} onLogout={onLogout} />}
      >
        <p>
          You signed in with your agency&apos;s identity provider, but Odin has no account for you yet. Ask
          your agency&apos;s Odin administrator to add you with the e-mail address your provider knows you by,
          then choose Check again.
        </p>
      </MessagePage>
    );
  }
  return (
    <MessagePage
      title="Your account is waiting for approval"
      actions={<Actions retryLabel="Check again" onRetry={onRetry} onLogout={onLogout} />}
    >
      <p>
        You are signed in, but Odin opens only once an administrator of your agency has approved your account.
        Ask your agency&apos;s Odin administrator to approve it, then choose Check again.
      </p>
      <p className="text-muted">
        If your account was approved before, it may have been disabled; your administrator can tell you.
      </p>
      {detail && <p className="message-card__note">Odin&apos;s server said: {detail}</p>}
    </MessagePage>
  );
}

/** The API refused the token itself (401 even after a refresh): the session is over or not accepted. */
export function SessionRefusedPage({ detail, onRetry, onLogout }: AccessPageProps) {
  return (
    <MessagePage
      tone="warning"
      title="Your session was not accepted"
      actions={<Actions retryLabel="Sign in again" onRetry={onRetry} onLogout={onLogout} />}
    >
      <p>
        Odin&apos;s server did not accept your sign-in: the session may have ended or been revoked. Sign in
        again to continue. If this keeps happening, ask your agency&apos;s IT contact to check Odin&apos;s
        identity-provider settings (issuer and audience).
      </p>
      {detail && <p className="message-card__note">Odin&apos;s server said: {detail}</p>}
    </MessagePage>
  );
}

/** GET /get-current-user failed otherwise (server error, network, timeout). */
export function AccountLoadFailedPage({ detail, onRetry, onLogout }: AccessPageProps) {
  return (
    <MessagePage
      tone="danger"
      title="Odin could not load your account"
      actions={<Actions retryLabel="Try again" onRetry={onRetry} onLogout={onLogout} />}
    >
      <p>You are signed in, but Odin&apos;s server did not answer with your account details.</p>
      {detail && <pre className="message-card__detail">{detail}</pre>}
    </MessagePage>
  );
}

/** Sign-in itself failed (the identity provider could not be reached, or refused). */
export function SignInFailedPage({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <MessagePage
      tone="danger"
      title="Sign-in did not complete"
      actions={<Button onClick={onRetry}>Try again</Button>}
    >
      <p className="message-card__detail">{MESSAGES.authError(message)}</p>
      <p className="text-muted">
        If this keeps happening, your agency&apos;s identity provider may be unreachable; ask your IT contact.
      </p>
    </MessagePage>
  );
}
