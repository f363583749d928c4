// The agency's own identity provider for the agency-idp journeys (issue 34): a separate process running
// the `oidc-provider` package with its own keys, people and groups, as an agency's Keycloak, Okta or
// Entra ID would be. Nothing of Odin's code runs here. Its sign-in page is the package's development
// form (any password); people are the ACCOUNTS below, their `groups` travel in the access token
// (Keycloak's and Okta's way), their e-mails are verified.
import Provider from "oidc-provider";

const port = Number(process.env.AGENCY_IDP_PORT);
const odin = process.env.ODIN_URL;
if (!port || !odin) throw new Error("AGENCY_IDP_PORT and ODIN_URL must be set");
const issuer = `http://127.0.0.1:${port}`;
const audience = "api://odin";

/** The agency's directory: the owner and Hartford's admin (matched to Odin's demo accounts by e-mail), and two people Odin has never heard of. */
export const ACCOUNTS = {
  "agency-owner": { email: "owner@demo.odin.local", name: "Odin Owner", groups: [] },
  "agency-hartford-admin": { email: "hartford.admin@demo.odin.local", name: "Hartford Admin", groups: [] },
  "agency-casey": {
    email: "casey.morgan@hartford.example",
    name: "Casey Morgan",
    groups: ["odin-investigators"],
  },
  "agency-dana": { email: "dana.reyes@hartford.example", name: "Dana Reyes", groups: [] },
};

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: "odin-web",
      token_endpoint_auth_method: "none",
      redirect_uris: [`${odin}/callback`],
      post_logout_redirect_uris: [odin, `${odin}/`],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    },
  ],
  pkce: { required: () => true },
  // The ID token carries the e-mail and name (as Keycloak's and Entra ID's do), though an access token is
  // issued too; the package's default would keep them for UserInfo only (OIDC Core §5.4).
  conformIdTokenClaims: false,
  scopes: ["openid", "profile", "email", "offline_access"],
  claims: {
    openid: ["sub"],
    email: ["email", "email_verified"],
    profile: ["name", "preferred_username"],
  },
  features: {
    devInteractions: { enabled: true },
    revocation: { enabled: true },
    rpInitiatedLogout: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => audience,
      useGrantedResource: () => true,
      getResourceServerInfo: () => ({
        scope: "openid profile email offline_access",
        audience,
        accessTokenFormat: "jwt",
        accessTokenTTL: 300,
        jwt: { sign: { alg: "RS256" } },
      }),
    },
  },
  // Groups in the access token, as Keycloak's realm roles and Okta's groups claim arrive.
  extraTokenClaims: (_ctx, token) => {
    const account = ACCOUNTS[token.accountId];
    return account ? { groups: account.groups, email: account.email } : undefined;
  },
  async findAccount(_ctx, id) {
    const account = ACCOUNTS[id];
    if (!account) return undefined;
    return {
      accountId: id,
      claims: async () => ({
        sub: id,
        email: account.email,
        email_verified: true,
        name: account.name,
        preferred_username: account.email.split("@")[0],
      }),
    };
  },
  // oidc-provider gives refresh tokens only when offline_access was consented (prompt=consent, OIDC Core §11).
  issueRefreshToken: async (_ctx, client, code) =>
    client.grantTypeAllowed("refresh_token") && code.scopes.has("offline_access"),
  rotateRefreshToken: true,
  ttl: { Session: 3600, Grant: 3600, RefreshToken: 3600, IdToken: 300, Interaction: 600 },
  cookies: { keys: ["agency-idp-cookie-key"] },
});
// Plain HTTP on the loopback: the package refuses it otherwise outside development.
provider.proxy = false;
provider.listen(port, "127.0.0.1", () => console.log(`agency IdP at ${issuer}`));
