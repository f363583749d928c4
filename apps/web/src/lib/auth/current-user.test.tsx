import { render, screen, waitFor } from "@testing-library/react";
import { AuthContext, type AuthContextProps } from "react-oidc-context";
import { describe, expect, it } from "vitest";
import { isApiError } from "@/lib/api-client";
import { INVESTIGATOR, jsonResponse, signedInAuth, stubAuth, stubFetchPerTest } from "@/testing/auth";
import { CurrentUserLoader, useCurrentUserState } from "./current-user";

function Probe() {
  const state = useCurrentUserState();
  return (
    <p data-testid="probe">
      {state.status}
      {state.user ? `:${state.user.username}` : ""}
      {isApiError(state.error) ? `:${state.error.status}` : ""}
    </p>
  );
}

function renderLoader(auth: AuthContextProps) {
  const tree = (value: AuthContextProps) => (
    <AuthContext value={value}>
      <CurrentUserLoader>
        <Probe />
      </CurrentUserLoader>
    </AuthContext>
  );
  const result = render(tree(auth));
  return { rerender: (value: AuthContextProps) => result.rerender(tree(value)) };
}

const probe = () => screen.getByTestId("probe").textContent;

const fetchMock = stubFetchPerTest();

describe("CurrentUserLoader", () => {
  it("signed out: no call, nobody", () => {
    renderLoader(stubAuth());
    expect(probe()).toBe("signed-out");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("after sign-in: loads GET /get-current-user once, through loading to ready", async () => {
    fetchMock.mockResolvedValue(jsonResponse(INVESTIGATOR));
    const auth = signedInAuth();
    const { rerender } = renderLoader(auth);
    expect(probe()).toBe("loading");
    await waitFor(() => expect(probe()).toBe("ready:j.rivera"));
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/get-current-user");
    // A token refresh gives a new auth object for the same subject: no reload.
    rerender({ ...auth, user: { ...auth.user!, access_token: "renewed" } as typeof auth.user });
    expect(probe()).toBe("ready:j.rivera");
    expect(fetchMock).toHaveBeenCalledOnce();
    // Signing out forgets the user.
    rerender(stubAuth());
    expect(probe()).toBe("signed-out");
  });

  it("a 403 is an error the guard can recognise", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ error: { code: "FORBIDDEN", message: "Not approved." } }, { status: 403 }),
    );
    renderLoader(signedInAuth());
    await waitFor(() => expect(probe()).toBe("error:403"));
  });
});
