import { LOGIN_SCOPE } from "@odin/contract";
import { InMemoryWebStorage, WebStorageStateStore } from "oidc-client-ts";
import { describe, expect, it } from "vitest";
import { buildUserManagerSettings, returnToFromState, safeReturnTo, signinState } from "./auth-settings";

const OIDC = {
  authority: "http://localhost:3000/oidc",
  clientId: "odin-web",
  audience: "https://api.odin.local",
  scope: LOGIN_SCOPE,
};

describe("buildUserManagerSettings", () => {
  const settings = buildUserManagerSettings(OIDC, "https://odin.agency.example");

  it("asks for the spec's login: code flow, the scope, the API audience, back to /callback and the origin", () => {
    expect(settings).toMatchObject({
      authority: "http://localhost:3000/oidc",
      client_id: "odin-web",
      response_type: "code",
      scope: "openid profile email offline_access",
      redirect_uri: "https://odin.agency.example/callback",
      post_logout_redirect_uri: "https://odin.agency.example",
      extraQueryParams: { audience: "https://api.odin.local" },
      automaticSilentRenew: true,
    });
    expect(settings.disablePKCE).toBeFalsy();
  });

  it("keeps tokens in memory only", () => {
    expect(settings.userStore).toBeInstanceOf(WebStorageStateStore);
    const store = (settings.userStore as unknown as { _store: unknown })._store;
    expect(store).toBeInstanceOf(InMemoryWebStorage);
  });

  it("applies the spec's client defaults where oidc-client-ts has a setting", () => {
    expect(settings).toMatchObject({
      requestTimeoutInSeconds: 10,
      silentRequestTimeoutInSeconds: 10,
      accessTokenExpiringNotificationTimeInSeconds: 60,
      maxSilentRenewTimeoutRetries: 3,
      popupWindowFeatures: { closePopupWindowAfterInSeconds: 60 },
    });
  });

  it("replaces the page's history entry when it goes to the provider, so Back never meets the sign-in (issue 40)", () => {
    // A reload of /results signs in again through the provider and /callback?code=…: pushed, that left
    // the reloaded /results and the used callback address behind Back. oidc-client-ts then calls
    // window.location.replace for sign-in and sign-out; the callback replaces its own entry (auth-provider.tsx).
    expect(settings.redirectMethod).toBe("replace");
  });

  it("falls back to the spec's scope when the server sends none", () => {
    expect(buildUserManagerSettings({ ...OIDC, scope: " " }, "http://x").scope).toBe(LOGIN_SCOPE);
  });
});

describe("return target", () => {
  it("carries a path inside Odin through the sign-in", () => {
    expect(returnToFromState(signinState("/alerts/group/7?page=2#top"))).toBe("/alerts/group/7?page=2#top");
  });

  it("goes to Search for anything else", () => {
    for (const target of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "/callback?code=1",
      "/",
      "",
    ])
      expect(safeReturnTo(target)).toBe("/search");
    expect(returnToFromState(undefined)).toBe("/search");
    expect(returnToFromState({ returnTo: 42 })).toBe("/search");
  });
});
