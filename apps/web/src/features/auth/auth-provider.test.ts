import { UserManager, type User } from "oidc-client-ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runSignOutCleanups } from "@/lib/sign-out";
import { createTokenSource, OdinUserManager } from "./auth-provider";
import { buildUserManagerSettings } from "./auth-settings";
import { clearSignedIn, markLocked } from "./session-marker";

const user = (token: string) => ({ access_token: token }) as User;

describe("createTokenSource", () => {
  it("gives the stored access token, or null when nobody is signed in", async () => {
    const getUser = vi.fn().mockResolvedValueOnce(user("stored")).mockResolvedValueOnce(null);
    const source = createTokenSource({ getUser, signinSilent: vi.fn() });
    await expect(source.getAccessToken()).resolves.toBe("stored");
    await expect(source.getAccessToken()).resolves.toBeNull();
  });

  it("refreshes through the identity provider, one refresh for concurrent callers", async () => {
    let finish: (value: User) => void = () => {};
    const signinSilent = vi.fn(() => new Promise<User>((resolve) => (finish = resolve)));
    const source = createTokenSource({ getUser: vi.fn(), signinSilent });
    const first = source.refreshAccessToken();
    const second = source.refreshAccessToken();
    finish(user("fresh"));
    await expect(Promise.all([first, second])).resolves.toEqual(["fresh", "fresh"]);
    expect(signinSilent).toHaveBeenCalledOnce();
    signinSilent.mockResolvedValueOnce(user("fresher"));
    await expect(source.refreshAccessToken()).resolves.toBe("fresher");
  });

  it("a failed refresh gives null", async () => {
    const source = createTokenSource({
      getUser: vi.fn(),
      signinSilent: vi.fn().mockRejectedValue(new Error("invalid_grant")),
    });
    await expect(source.refreshAccessToken()).resolves.toBeNull();
  });

  it("while signing out, no refresh is asked of the provider (the session was just revoked)", async () => {
    const signinSilent = vi.fn();
    const source = createTokenSource({ getUser: vi.fn(), signinSilent });
    runSignOutCleanups();
    await expect(source.refreshAccessToken()).resolves.toBeNull();
    expect(signinSilent).not.toHaveBeenCalled();
  });
});

/** issue 36 (F5): a tab whose screen locked signs in again with the password, reload or not. */
describe("OdinUserManager", () => {
  afterEach(() => {
    clearSignedIn();
    vi.restoreAllMocks();
  });
  const manager = () =>
    new OdinUserManager(
      buildUserManagerSettings(
        { authority: "https://odin.test/oidc", clientId: "odin-web", audience: "urn:odin:api", scope: "" },
        "https://odin.test",
      ),
    );

  it("asks the provider for the password (prompt=login) once this tab's screen locked", async () => {
    const redirect = vi.spyOn(UserManager.prototype, "signinRedirect").mockResolvedValue(undefined);
    markLocked();
    await manager().signinRedirect({ state: { returnTo: "/search" } });
    expect(redirect).toHaveBeenCalledWith({
      state: { returnTo: "/search" },
      prompt: "login",
      nonce: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
  });

  it("otherwise leaves the sign-in as asked (the provider's session may answer at once)", async () => {
    const redirect = vi.spyOn(UserManager.prototype, "signinRedirect").mockResolvedValue(undefined);
    await manager().signinRedirect({ state: { returnTo: "/search" } });
    expect(redirect).toHaveBeenCalledWith({ state: { returnTo: "/search" }, nonce: expect.any(String) });
  });

  it("sends a fresh nonce with every sign-in (issue 34), which oidc-client-ts then checks in the ID token", async () => {
    const redirect = vi.spyOn(UserManager.prototype, "signinRedirect").mockResolvedValue(undefined);
    await manager().signinRedirect({});
    await manager().signinRedirect({});
    const [first, second] = redirect.mock.calls.map(([args]) => args?.nonce);
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second).not.toBe(first);
  });
});
