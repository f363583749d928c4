import { MESSAGES } from "@odin/contract";
import { useAuth } from "react-oidc-context";
import { Navigate, useLocation } from "react-router-dom";
import { Button, Notice, Spinner } from "@/components/ui";
import { DEFAULT_RETURN_TO, signinState } from "../auth-settings";
import { SignInFrame } from "./sign-in-frame";
import { LOGIN_BUTTON_LABEL } from "./login-screen";

/**
 * Route /callback: the identity provider sends the browser here with the code. The auth wiring exchanges
 * it (Loading...), then moves on to where the user was going; a failure stays here as 'Auth error: ...'.
 */
export function CallbackScreen() {
  const auth = useAuth();
  const { search } = useLocation();

  if (auth.error && !auth.isLoading && !auth.isAuthenticated) {
    return (
      <SignInFrame title="Signing you in">
        <Notice tone="danger">{MESSAGES.authError(auth.error.message)}</Notice>
        <Button
          className="sign-in__button"
          onClick={() => void auth.signinRedirect({ state: signinState(DEFAULT_RETURN_TO) })}
        >
          {LOGIN_BUTTON_LABEL}
        </Button>
      </SignInFrame>
    );
  }

  // With code (or error) and state in the address, the exchange is under way or just done: the auth
  // wiring moves on by itself (the provider may report "signed in" a moment before it does). The
  // router's address, not window.location, which changes a moment before this screen goes.
  if (auth.isLoading || hasCallbackParams(search)) {
    return (
      <SignInFrame title="Signing you in">
        <Spinner size="lg" label={MESSAGES.loading} />
      </SignInFrame>
    );
  }

  // Nothing to complete here (a bookmark, or Back after signing in).
  return <Navigate to={auth.isAuthenticated ? DEFAULT_RETURN_TO : "/"} replace />;
}

function hasCallbackParams(search: string): boolean {
  const params = new URLSearchParams(search);
  return (params.has("code") || params.has("error")) && params.has("state");
}
