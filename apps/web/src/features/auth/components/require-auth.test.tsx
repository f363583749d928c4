import { MESSAGES } from "@odin/contract";
import { render, screen, waitFor } from "@testing-library/react";
import type { AuthContextProps } from "react-oidc-context";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { CurrentUserValue } from "@/lib/auth/current-user";
import { ApiError } from "@/lib/api-client";
import { runSignOutCleanups } from "@/lib/sign-out";
import { currentUserValue, INVESTIGATOR, signedInAuth, stubAuth, TestAuthProviders } from "@/testing/auth";
import { CallbackScreen } from "./callback-screen";
import { RequireAuth } from "./require-auth";

function renderGuarded(url: string, auth: AuthContextProps, currentUser: CurrentUserValue) {
  const router = createMemoryRouter(
    [
      { path: "/", element: <h1>Login</h1> },
      { path: "/callback", element: <CallbackScreen /> },
      {
        element: <RequireAuth />,
        children: [
          { path: "/search", element: <h1>Search LPR Records</h1> },
          { path: "/profile", element: <h1>Profile</h1> },
          { path: "/change-password", element: <h1>Change Password</h1> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <TestAuthProviders auth={auth} currentUser={currentUser}>
      <RouterProvider router={router} />
    </TestAuthProviders>,
  );
  return router;
}

const ready = currentUserValue({ user: INVESTIGATOR });

describe("RequireAuth", () => {
  it("signed out: sends the visitor to sign-in with the current address as the return target", async () => {
    const auth = stubAuth();
    renderGuarded("/profile?tab=password#top", auth, currentUserValue({}));
    await waitFor(() => expect(auth.signinRedirect).toHaveBeenCalledOnce());
    expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: "/profile?tab=password#top" } });
    expect(screen.getByRole("status")).toHaveTextContent(MESSAGES.loading);
    expect(screen.queryByRole("heading", { name: "Profile" })).not.toBeInTheDocument();
  });

  it("signing out (the user already removed from memory): no sign-in starts to race the logout", () => {
    runSignOutCleanups();
    const auth = stubAuth();
    renderGuarded("/search", auth, currentUserValue({}));
    expect(screen.getByRole("status")).toHaveTextContent(MESSAGES.loading);
    expect(auth.signinRedirect).not.toHaveBeenCalled();
  });

  it("waits while the sign-in state resolves, without redirecting", () => {
    const auth = stubAuth({ isLoading: true });
    renderGuarded("/search", auth, currentUserValue({}));
    expect(screen.getByRole("status")).toHaveTextContent(MESSAGES.loading);
    expect(auth.signinRedirect).not.toHaveBeenCalled();
  });

  it("when sign-in cannot start: 'Auth error: {message}' and no redirect loop", () => {
    const error = Object.assign(new Error("Failed to fetch"), {
      source: "signinRedirect" as const,
      args: undefined,
    });
    const auth = stubAuth({ error });
    renderGuarded("/search", auth, currentUserValue({}));
    expect(screen.getByText("Auth error: Failed to fetch")).toBeInTheDocument();
    expect(auth.signinRedirect).not.toHaveBeenCalled();
  });

  it("signed in, current user loading: a loading state, not the screen", () => {
    renderGuarded("/search", signedInAuth(), currentUserValue({ status: "loading" }));
    expect(screen.getByRole("status")).toHaveTextContent(MESSAGES.loading);
    expect(screen.queryByRole("heading", { name: "Search LPR Records" })).not.toBeInTheDocument();
  });

  it("signed in and loaded: the screen", () => {
    renderGuarded("/search", signedInAuth(), ready);
    expect(screen.getByRole("heading", { name: "Search LPR Records" })).toBeInTheDocument();
  });

  it("a 403 for the current user: the approval page with Log out", () => {
    const error = new ApiError("Your account has not been approved yet.", { status: 403, code: "FORBIDDEN" });
    renderGuarded("/search", signedInAuth(), currentUserValue({ status: "error", error }));
    expect(
      screen.getByRole("heading", { level: 1, name: "Your account is waiting for approval" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your account has not been approved yet\./)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Check again" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Log out" })).toBeInTheDocument();
  });

  it("a 403 because the owner deactivated the agency: says so, not 'waiting for approval'", () => {
    const error = new ApiError(MESSAGES.agencyAccessDeactivated, { status: 403, code: "FORBIDDEN" });
    renderGuarded("/search", signedInAuth(), currentUserValue({ status: "error", error }));
    expect(
      screen.getByRole("heading", { level: 1, name: "Your agency's access is deactivated" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Your agency's access to Odin has been deactivated. Contact the system owner."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Log out" })).toBeInTheDocument();
  });

  it("a loaded user who is not approved also gets the approval page", () => {
    renderGuarded(
      "/search",
      signedInAuth(),
      currentUserValue({ user: { ...INVESTIGATOR, approved: false } }),
    );
    expect(screen.getByRole("heading", { name: "Your account is waiting for approval" })).toBeInTheDocument();
  });

  it("a 401 after the refresh: the session page, offering to sign in again (no automatic loop)", () => {
    const auth = signedInAuth();
    const error = new ApiError("Session revoked.", { status: 401 });
    renderGuarded("/search", auth, currentUserValue({ status: "error", error }));
    expect(screen.getByRole("heading", { name: "Your session was not accepted" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign in again" })).toBeInTheDocument();
    expect(auth.signinRedirect).not.toHaveBeenCalled();
  });

  it("any other failure: the message and Try again", () => {
    const error = new ApiError("500 Internal Server Error", { status: 500 });
    renderGuarded("/search", signedInAuth(), currentUserValue({ status: "error", error }));
    expect(screen.getByRole("heading", { name: "Odin could not load your account" })).toBeInTheDocument();
    expect(screen.getByText("500 Internal Server Error")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("must_change_password: every screen sends the user to /change-password, which shows", async () => {
    const user = currentUserValue({ user: { ...INVESTIGATOR, must_change_password: true } });
    const router = renderGuarded("/search", signedInAuth(), user);
    await waitFor(() => expect(router.state.location.pathname).toBe("/change-password"));
    expect(screen.getByRole("heading", { name: "Change Password" })).toBeInTheDocument();
    await router.navigate("/profile");
    await waitFor(() => expect(router.state.location.pathname).toBe("/change-password"));
  });
});

describe("CallbackScreen", () => {
  it("shows 'Loading...' while the code is exchanged", () => {
    renderGuarded("/callback?code=abc&state=xyz", stubAuth({ isLoading: true }), currentUserValue({}));
    expect(screen.getByRole("status")).toHaveTextContent(MESSAGES.loading);
  });

  it("shows 'Auth error: {message}' when the exchange fails", () => {
    const error = Object.assign(new Error("No matching state found in storage"), {
      source: "signinCallback" as const,
    });
    renderGuarded("/callback?code=abc&state=xyz", stubAuth({ error }), currentUserValue({}));
    expect(screen.getByRole("alert")).toHaveTextContent("Auth error: No matching state found in storage");
  });

  it("signed in with code and state still in the address: waits for the auth wiring to move on", () => {
    const router = renderGuarded("/callback?code=abc&state=xyz", signedInAuth(), ready);
    expect(screen.getByRole("status")).toHaveTextContent(MESSAGES.loading);
    expect(router.state.location.pathname).toBe("/callback");
  });

  it("with nothing to complete, goes to the login screen (signed out) or Search (signed in)", async () => {
    const router = renderGuarded("/callback", stubAuth(), currentUserValue({}));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });
});
