import { MESSAGES } from "@odin/contract";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { AuthContextProps } from "react-oidc-context";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { SiteFooter } from "@/components/layouts/site-footer";
import {
  currentUserValue,
  INVESTIGATOR,
  jsonResponse,
  oidcUser,
  signedInAuth,
  stubAuth,
  TestAuthProviders,
  stubFetchPerTest,
} from "@/testing/auth";
import { LOGIN_BUTTON_LABEL, LoginScreen } from "./login-screen";

function renderLogin(auth: AuthContextProps) {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <>
            <LoginScreen />
            <SiteFooter />
          </>
        ),
      },
      { path: "/search", element: <h1>Search LPR Records</h1> },
    ],
    { initialEntries: ["/"] },
  );
  render(
    <TestAuthProviders
      auth={auth}
      currentUser={currentUserValue({ user: auth.isAuthenticated ? INVESTIGATOR : null })}
    >
      <RouterProvider router={router} />
    </TestAuthProviders>,
  );
  return router;
}

/** The login screen on every path, so it stays on screen after its redirect to /search. */
function renderLoginEverywhere(auth: AuthContextProps) {
  const router = createMemoryRouter([{ path: "*", element: <LoginScreen /> }], { initialEntries: ["/"] });
  render(
    <TestAuthProviders auth={auth} currentUser={currentUserValue({ user: INVESTIGATOR })}>
      <RouterProvider router={router} />
    </TestAuthProviders>,
  );
  return router;
}

const fetchMock = stubFetchPerTest();

describe("LoginScreen", () => {
  it("while the sign-in state resolves: the logo and 'Loading...'", () => {
    renderLogin(stubAuth({ isLoading: true }));
    expect(screen.getByRole("status")).toHaveTextContent(MESSAGES.loading);
    expect(document.querySelector("svg.sign-in__mark")).not.toBeNull();
    expect(screen.queryByRole("button", { name: LOGIN_BUTTON_LABEL })).not.toBeInTheDocument();
  });

  it("signed out: a button that starts the redirect login, returning to Search", () => {
    const auth = stubAuth();
    renderLogin(auth);
    expect(screen.getByRole("heading", { level: 1, name: "Welcome to Odin" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: LOGIN_BUTTON_LABEL }));
    expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: "/search" } });
  });

  it("on an authentication error: 'Auth error: {message}', and the login button to try again", () => {
    const error = Object.assign(new Error("access_denied: user cancelled"), {
      source: "signinCallback" as const,
    });
    renderLogin(stubAuth({ error }));
    expect(screen.getByRole("alert")).toHaveTextContent("Auth error: access_denied: user cancelled");
    expect(screen.getByRole("button", { name: LOGIN_BUTTON_LABEL })).toBeInTheDocument();
  });

  it("signed in: redirects at once to /search", async () => {
    const router = renderLogin(signedInAuth());
    await waitFor(() => expect(router.state.location.pathname).toBe("/search"));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(screen.getByRole("heading", { name: "Search LPR Records" })).toBeInTheDocument();
  });

  it("signed in: meanwhile a welcome line with the email, 'preparing your session', and Log out", () => {
    // Every path shows the login screen here, so it stays visible after the redirect.
    renderLoginEverywhere(signedInAuth({ user: oidcUser("j.rivera@agency.example") }));
    expect(screen.getByText("Welcome, j.rivera@agency.example: preparing your session")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Log out" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: LOGIN_BUTTON_LABEL })).not.toBeInTheDocument();
  });

  it("signed in: Log out revokes the session, then the provider's logout returns to the origin", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: "Session revoked." }));
    const auth = signedInAuth();
    renderLoginEverywhere(auth);
    fireEvent.click(screen.getByRole("button", { name: "Log out" }));
    await waitFor(() => expect(auth.signoutRedirect).toHaveBeenCalledOnce());
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/session/revoke");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("POST");
    expect(auth.signoutRedirect).toHaveBeenCalledWith({
      post_logout_redirect_uri: window.location.origin,
      extraQueryParams: {},
    });
  });

  it("Log out still ends the session at the provider when the revoke call fails", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ error: { code: "INTERNAL", message: "boom" } }, { status: 500 }),
    );
    const auth = signedInAuth();
    renderLoginEverywhere(auth);
    fireEvent.click(screen.getByRole("button", { name: "Log out" }));
    await waitFor(() => expect(auth.signoutRedirect).toHaveBeenCalledOnce());
  });

  it("a reload of / after signing in this tab: straight back through the provider to Search, no Log in button", async () => {
    window.sessionStorage.setItem("odin.signed-in", "1");
    try {
      const auth = stubAuth();
      renderLogin(auth);
      await waitFor(() =>
        expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: "/search" } }),
      );
      expect(screen.queryByRole("button", { name: LOGIN_BUTTON_LABEL })).not.toBeInTheDocument();
      expect(screen.getByRole("status")).toHaveTextContent(MESSAGES.loading);
    } finally {
      window.sessionStorage.clear();
    }
  });

  it("Log out forgets that this tab signed in, so / shows the Log in button again", async () => {
    window.sessionStorage.setItem("odin.signed-in", "1");
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: "Session revoked." }));
    const auth = signedInAuth();
    renderLoginEverywhere(auth);
    fireEvent.click(screen.getByRole("button", { name: "Log out" }));
    await waitFor(() => expect(auth.signoutRedirect).toHaveBeenCalledOnce());
    expect(window.sessionStorage.getItem("odin.signed-in")).toBeNull();
  });

  it("keeps the footer: ownership and trademark pending", () => {
    renderLogin(stubAuth());
    expect(
      screen.getByText(/Odin Systems, Inc\. All rights reserved\. ODIN™ — trademark pending\./),
    ).toBeVisible();
  });
});
