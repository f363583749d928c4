import { MESSAGES, PASSWORD_RULES } from "@odin/contract";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { CurrentUserValue } from "@/lib/auth/current-user";
import {
  currentUserValue,
  INVESTIGATOR,
  jsonResponse,
  signedInAuth,
  TestAuthProviders,
  stubFetchPerTest,
} from "@/testing/auth";
import { ChangePasswordScreen, PASSWORD_RULES_NOT_MET } from "./change-password-screen";

const STRONG = "Plate-Reader-9";

const fetchMock = stubFetchPerTest();

function renderScreen(currentUser: CurrentUserValue = currentUserValue({ user: INVESTIGATOR })) {
  const router = createMemoryRouter(
    [
      { path: "/change-password", element: <ChangePasswordScreen /> },
      { path: "/search", element: <h1>Search LPR Records</h1> },
      { path: "/profile", element: <h1>Profile</h1> },
    ],
    { initialEntries: ["/change-password"] },
  );
  render(
    <TestAuthProviders auth={signedInAuth()} currentUser={currentUser}>
      <RouterProvider router={router} />
    </TestAuthProviders>,
  );
  return router;
}

const currentPassword = () => screen.getByLabelText("Current password");
const newPassword = () => screen.getByLabelText("New password");
const confirmation = () => screen.getByLabelText("Confirm new password");
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Change password" }));

function requirement(message: string) {
  const list = screen.getByRole("list", { name: "Your new password needs:" });
  return within(list).getByText(message).closest("li")!;
}

describe("ChangePasswordScreen", () => {
  it("has labelled fields and lists the contract's requirements", () => {
    renderScreen();
    expect(newPassword()).toHaveAttribute("type", "password");
    expect(confirmation()).toHaveAttribute("type", "password");
    const items = within(screen.getByRole("list", { name: "Your new password needs:" })).getAllByRole(
      "listitem",
    );
    expect(items.map((item) => item.textContent)).toEqual(
      PASSWORD_RULES.map((rule) => `${rule.message} (not met yet)`),
    );
  });

  it("ticks each requirement as the new password meets it", () => {
    renderScreen();
    type(newPassword(), "abc");
    expect(requirement("A lowercase letter")).toHaveAttribute("data-met", "true");
    expect(requirement("An uppercase letter")).toHaveAttribute("data-met", "false");
    expect(requirement("At least 8 characters")).toHaveAttribute("data-met", "false");
    type(newPassword(), STRONG);
    for (const rule of PASSWORD_RULES) expect(requirement(rule.message)).toHaveAttribute("data-met", "true");
    expect(requirement("A digit")).toHaveTextContent("(met)");
  });

  it("lists the length the server enforces (its PASSWORD_MIN_LENGTH from /app-config.js)", () => {
    window.__ODIN_CONFIG__ = { oidc: null, ownerUsername: null, passwords: { minLength: 12 } };
    try {
      renderScreen();
      type(newPassword(), "Abcdefg1!x");
      expect(requirement("At least 12 characters")).toHaveAttribute("data-met", "false");
      expect(screen.queryByText("At least 8 characters")).not.toBeInTheDocument();
      type(newPassword(), "Abcdefg1!xyz");
      expect(requirement("At least 12 characters")).toHaveAttribute("data-met", "true");
    } finally {
      delete window.__ODIN_CONFIG__;
    }
  });

  it("'Passwords do not match!' when the confirmation differs, and nothing is sent", () => {
    renderScreen();
    type(newPassword(), STRONG);
    type(confirmation(), `${STRONG}x`);
    submit();
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.passwordsDoNotMatch);
    expect(confirmation()).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("does not send a password that misses a requirement", () => {
    renderScreen();
    type(newPassword(), "short");
    type(confirmation(), "short");
    submit();
    expect(screen.getByRole("alert")).toHaveTextContent(PASSWORD_RULES_NOT_MET);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("on 'Password updated successfully': shows it, refreshes the current user, then opens /search", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: MESSAGES.passwordUpdated }));
    const currentUser = currentUserValue({ user: { ...INVESTIGATOR, must_change_password: true } });
    const router = renderScreen(currentUser);
    type(currentPassword(), "Old-pass-2025!");
    type(newPassword(), STRONG);
    type(confirmation(), STRONG);
    submit();
    expect(await screen.findByText(MESSAGES.passwordUpdated)).toBeInTheDocument();
    expect(currentUser.refresh).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/user/reset-password");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(init?.body as string)).toEqual({
      new_password: STRONG,
      current_password: "Old-pass-2025!",
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/search"), { timeout: 3000 });
  });

  it("any other reply is 'Failed to update password.' and stays", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: "Password changed" }));
    const router = renderScreen();
    type(newPassword(), STRONG);
    type(confirmation(), STRONG);
    submit();
    expect(await screen.findByText(MESSAGES.failedToUpdatePassword)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/change-password");
  });

  it("a refused change shows the server's message and the failing rules", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          error: {
            code: "VALIDATION_FAILED",
            message: "The password does not meet the requirements.",
            details: [{ path: "new_password", message: "A special character" }],
          },
        },
        { status: 400 },
      ),
    );
    renderScreen();
    type(newPassword(), STRONG);
    type(confirmation(), STRONG);
    submit();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The password does not meet the requirements.");
    expect(alert).toHaveTextContent("A special character");
  });

  it("asks a user whose password was reset to choose one, without a Cancel", () => {
    renderScreen(currentUserValue({ user: { ...INVESTIGATOR, must_change_password: true } }));
    expect(screen.getByText("Choose a new password to continue")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Cancel" })).not.toBeInTheDocument();
  });
});
