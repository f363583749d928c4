import { MESSAGES } from "@odin/contract";
import { useEffect, useRef, useState } from "react";
import { useAuth } from "react-oidc-context";
import { useNavigate } from "react-router-dom";
import { useCurrentUser } from "@/lib/auth/current-user";
import { Button, Notice, Spinner } from "@/components/ui";
import { DEFAULT_RETURN_TO, signinState } from "../auth-settings";
import { markSignedIn, wasSignedIn } from "../session-marker";
import { useLogout } from "../use-logout";
import { SignInFrame } from "./sign-in-frame";
import { takeSessionNotice } from "@/lib/session-notice";

export const LOGIN_BUTTON_LABEL = "Log in with your identity provider";

/**
 * Route / (spec 000 §2): Loading while the sign-in state resolves; 'Auth error: {message}'; signed in,
 * straight on to Search with a welcome line meanwhile; signed out, the button that starts the login.
 */
export function LoginScreen() {
  const auth = useAuth();
  const currentUser = useCurrentUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const signedIn = auth.isAuthenticated;
  // A reload of / by a user who signed in earlier in this tab: back through the provider to Search.
  const [resuming] = useState(() => !signedIn && wasSignedIn());
  // A line left by the page before (issue 34): the session ended, or a sign-out's revocation failed.
  const [notice] = useState(takeSessionNotice);
  const resumeStarted = useRef(false);

  useEffect(() => {
    if (signedIn) {
      markSignedIn();
      void navigate(DEFAULT_RETURN_TO, { replace: true });
    }
  }, [signedIn, navigate]);

  useEffect(() => {
    if (!resuming || auth.isLoading || signedIn || auth.error || resumeStarted.current) return;
    resumeStarted.current = true;
    void auth.signinRedirect({ state: signinState(DEFAULT_RETURN_TO) });
  }, [resuming, auth, signedIn]);

  const login = () => void auth.signinRedirect({ state: signinState(DEFAULT_RETURN_TO) });

  if (auth.isLoading || (resuming && !signedIn && !auth.error)) {
    return (
      <SignInFrame title="Welcome to Odin">
        <Spinner size="lg" label={MESSAGES.loading} />
      </SignInFrame>
    );
  }

  if (signedIn) {
    const profile = auth.user?.profile;
    const email = profile?.email || currentUser?.email || profile?.preferred_username || "";
    return (
      <SignInFrame title="Welcome to Odin">
        <p className="sign-in__welcome">
          {email ? MESSAGES.welcomePreparingSession(email) : `Welcome: ${MESSAGES.preparingSession}`}
        </p>
        <Spinner label="Opening Search…" hideLabel />
        <Button variant="secondary" onClick={logout}>
          Log out
        </Button>
      </SignInFrame>
    );
  }

  return (
    <SignInFrame
      title="Welcome to Odin"
      description="License-plate search and hotlist alerting for law enforcement. Sign in with your agency account to begin."
    >
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {auth.error && <Notice tone="danger">{MESSAGES.authError(auth.error.message)}</Notice>}
      <Button onClick={login} className="sign-in__button">
        {LOGIN_BUTTON_LABEL}
      </Button>
      <p className="sign-in__hint">
        You sign in on your agency&apos;s sign-in page, then come straight back to Odin.
      </p>
    </SignInFrame>
  );
}
