import { MESSAGES } from "@odin/contract";
import { fireEvent, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { jsonResponse, urlOf, stubFetchPerTest } from "@/testing/auth";
import { ProfileScreen } from "./profile-screen";
import { renderWithQuery } from "@/testing/query";

const PROFILE = { username: "j.rivera", email: "j.rivera@agency.example", role: "user" };

const fetchMock = stubFetchPerTest();

/** Answers by path: GET /profile-data and POST /auth0/send-password-reset. */
function answer(routes: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (input) => {
    const route = routes[urlOf(input)];
    if (!route) throw new Error(`unexpected call ${urlOf(input)}`);
    return route();
  });
}

function renderProfile() {
  renderWithQuery(
    <MemoryRouter>
      <ProfileScreen />
    </MemoryRouter>,
  );
}

describe("ProfileScreen", () => {
  it("shows username, email and role from GET /profile-data, with the bearer token", async () => {
    answer({ "/profile-data": () => jsonResponse(PROFILE) });
    renderProfile();
    expect(screen.getAllByRole("status")[0]).toHaveTextContent(MESSAGES.loading);
    expect(await screen.findByText("j.rivera")).toBeInTheDocument();
    expect(screen.getByText("j.rivera@agency.example")).toBeInTheDocument();
    expect(screen.getByText("User")).toBeInTheDocument();
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get("Authorization")).toBe(
      "Bearer access-token",
    );
    expect(screen.getByRole("link", { name: "Change password" })).toHaveAttribute("href", "/change-password");
  });

  it("turns alert e-mails on with POST /api/profile/alert-channels (issue 24)", async () => {
    const channels = {
      email: false,
      web_push: false,
      mobile_push: false,
      quiet_hours: null,
      time_zone: "America/New_York",
    };
    answer({
      "/profile-data": () => jsonResponse(PROFILE),
      "/api/profile/alert-channels": () =>
        jsonResponse({ ...channels, email: fetchMock.mock.calls.length > 2 }),
    });
    renderProfile();
    const box = await screen.findByRole("checkbox", { name: "E-mail me each alert of my groups" });
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    expect(await screen.findByRole("checkbox", { name: "E-mail me each alert of my groups", checked: true }));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(urlOf(post![0])).toBe("/api/profile/alert-channels");
    expect(JSON.parse(post![1]!.body as string)).toEqual({ email: true });
  });

  it("saves quiet hours with POST /api/profile/alert-channels, in the agency's time zone (issue 24)", async () => {
    const channels = {
      email: true,
      web_push: false,
      mobile_push: false,
      quiet_hours: null,
      time_zone: "America/New_York",
    };
    answer({
      "/profile-data": () => jsonResponse(PROFILE),
      "/api/profile/alert-channels": () =>
        jsonResponse(
          fetchMock.mock.calls.some(([, init]) => init?.method === "POST")
            ? { ...channels, quiet_hours: { start: "23:00", end: "06:30" } }
            : channels,
        ),
    });
    renderProfile();
    expect(await screen.findByText(/Times are in America\/New_York/)).toBeInTheDocument();
    const from = screen.getByLabelText("From");
    expect(from).toBeDisabled();
    fireEvent.click(screen.getByRole("checkbox", { name: "Hold alerts during quiet hours" }));
    fireEvent.change(from, { target: { value: "23:00" } });
    fireEvent.change(screen.getByLabelText("Until"), { target: { value: "06:30" } });
    fireEvent.click(screen.getByRole("button", { name: "Save quiet hours" }));
    expect(await screen.findByText("Quiet hours saved: 23:00 to 06:30.")).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(post![1]!.body as string)).toEqual({ quiet_hours: { start: "23:00", end: "06:30" } });
  });

  it("says 'Error loading profile data.' when the call fails, and can try again", async () => {
    answer({
      "/profile-data": () => jsonResponse({ error: { code: "INTERNAL", message: "boom" } }, { status: 500 }),
    });
    renderProfile();
    expect(await screen.findByText(MESSAGES.errorLoadingProfile)).toBeInTheDocument();
    answer({ "/profile-data": () => jsonResponse(PROFILE) });
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("j.rivera@agency.example")).toBeInTheDocument();
  });

  it("emails a reset link: 'Sending…' while busy, then the success message", async () => {
    let release: () => void = () => {};
    answer({
      "/profile-data": () => jsonResponse(PROFILE),
      "/auth0/send-password-reset": () => jsonResponse({ success: true, message: "Reset link sent." }),
    });
    const sent = new Promise<void>((resolve) => (release = resolve));
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (urlOf(input) === "/auth0/send-password-reset") await sent;
      return original!(input, init);
    });
    renderProfile();
    await screen.findByText("j.rivera");
    fireEvent.click(screen.getByRole("button", { name: MESSAGES.sendResetLink }));
    const busy = await screen.findByRole("button", { name: MESSAGES.sending });
    expect(busy).toBeDisabled();
    release();
    expect(await screen.findByText(MESSAGES.passwordResetEmailSent)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: MESSAGES.sendResetLink })).toBeEnabled();
    const resetCall = fetchMock.mock.calls.find(([input]) => urlOf(input) === "/auth0/send-password-reset");
    expect(resetCall?.[1]?.method).toBe("POST");
  });

  it("shows the server's message when the reset email cannot be sent", async () => {
    answer({
      "/profile-data": () => jsonResponse(PROFILE),
      "/auth0/send-password-reset": () =>
        jsonResponse({ success: false, message: "Email delivery is not configured." }),
    });
    renderProfile();
    await screen.findByText("j.rivera");
    fireEvent.click(screen.getByRole("button", { name: MESSAGES.sendResetLink }));
    expect(await screen.findByText("Email delivery is not configured.")).toBeInTheDocument();
  });

  it("shows the server's error message when the call fails", async () => {
    answer({
      "/profile-data": () => jsonResponse(PROFILE),
      "/auth0/send-password-reset": () =>
        jsonResponse({ error: { code: "RATE_LIMITED", message: "Too many requests." } }, { status: 429 }),
    });
    renderProfile();
    await screen.findByText("j.rivera");
    fireEvent.click(screen.getByRole("button", { name: MESSAGES.sendResetLink }));
    expect(await screen.findByText("Too many requests.")).toBeInTheDocument();
  });
});
