import { afterEach, describe, expect, it } from "vitest";
import { getAppConfig, getSearchPageSize, loadAppConfig } from "./config";

const OIDC = {
  authority: "http://localhost:3000/oidc",
  clientId: "odin-web",
  audience: "odin-api",
  scope: "",
};

afterEach(() => {
  delete window.__ODIN_CONFIG__;
});

describe("loadAppConfig", () => {
  it("is usable when /app-config.js set a complete identity provider", () => {
    window.__ODIN_CONFIG__ = { oidc: OIDC, ownerUsername: "odin.owner" };
    expect(loadAppConfig()).toEqual({ ok: true, config: { oidc: OIDC, ownerUsername: "odin.owner" } });
    expect(getAppConfig().ownerUsername).toBe("odin.owner");
  });

  it("not loaded: the script did not run", () => {
    expect(loadAppConfig()).toMatchObject({ ok: false, problem: "not-loaded" });
    expect(getAppConfig()).toEqual({ oidc: null, ownerUsername: null });
  });

  it("invalid: a value not shaped as ZAppConfig", () => {
    window.__ODIN_CONFIG__ = { oidc: { authority: 1 } };
    expect(loadAppConfig()).toMatchObject({ ok: false, problem: "invalid" });
  });

  it("oidc: null means the identity settings are missing; the owner still comes through", () => {
    window.__ODIN_CONFIG__ = { oidc: null, ownerUsername: "odin.owner" };
    expect(loadAppConfig()).toMatchObject({ ok: false, problem: "oidc-missing" });
    expect(getAppConfig()).toEqual({ oidc: null, ownerUsername: "odin.owner" });
  });

  it("names the blank identity settings", () => {
    window.__ODIN_CONFIG__ = { oidc: { ...OIDC, clientId: " ", audience: "" }, ownerUsername: null };
    expect(loadAppConfig()).toMatchObject({
      ok: false,
      problem: "oidc-incomplete",
      blankOidcFields: ["clientId", "audience"],
    });
  });
});

describe("getSearchPageSize (issue 21)", () => {
  it("is the server's page size, 0 (unpaged) from a server that gives none, and never above the contract's most", () => {
    expect(getSearchPageSize()).toBe(0);
    window.__ODIN_CONFIG__ = { oidc: null, ownerUsername: null, search: { pageSize: 500 } };
    expect(getSearchPageSize()).toBe(500);
    window.__ODIN_CONFIG__ = { oidc: null, ownerUsername: null, search: { pageSize: 0 } };
    expect(getSearchPageSize()).toBe(0);
    window.__ODIN_CONFIG__ = { oidc: null, ownerUsername: null, search: { pageSize: 20_000 } };
    expect(getSearchPageSize()).toBe(5000);
  });
});
