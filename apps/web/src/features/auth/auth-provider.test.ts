import type { User } from "oidc-client-ts";
import { describe, expect, it, vi } from "vitest";
import { runSignOutCleanups } from "@/lib/sign-out";
import { createTokenSource } from "./auth-provider";

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
