import { createHash, randomBytes } from "node:crypto";

/**
 * A minimal browser for the built-in provider: authorization code + PKCE over real HTTP, following
 * redirects by hand with a cookie jar, submitting the sign-in form as a person would.
 */
export interface Tokens {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in: number;
}

class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const index = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export interface SignInOutcome {
  tokens?: Tokens;
  /** The provider's cookies after a sign-in (its session), as a Cookie header. */
  cookie?: string;
  /** The sign-in page's HTML when the provider refused the credentials. */
  page?: string;
  status: number;
}

/**
 * Answers the pages after the password (the second factor): the fields to post, or undefined to stop
 * there and hand the page back (status 200) to the test.
 */
export type NextStep = (page: string, action: string) => Record<string, string> | undefined;

export async function signIn(
  baseUrl: string,
  username: string,
  password: string,
  clientId = "odin-web",
  steps?: NextStep,
): Promise<SignInOutcome> {
  const form = await openSignInForm(baseUrl, clientId);
  return form.page !== undefined ? form.page : form.submit(username, password, steps);
}

/**
 * Walks to the sign-in form without submitting it, so a test can submit many forms at the same moment
 * (`page` is the outcome when no form was reached).
 */
export async function openSignInForm(
  baseUrl: string,
  clientId = "odin-web",
): Promise<{
  page?: SignInOutcome;
  submit(username: string, password: string, steps?: NextStep): Promise<SignInOutcome>;
}> {
  const jar = new CookieJar();
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const redirectUri = `${baseUrl}/callback`;
  const authorize = new URL(`${baseUrl}/oidc/auth`);
  for (const [key, value] of Object.entries({
    client_id: clientId,
    response_type: "code",
    scope: "openid profile email offline_access",
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: randomBytes(8).toString("hex"),
    nonce: randomBytes(8).toString("hex"),
  })) {
    authorize.searchParams.set(key, value);
  }

  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(response);
    return response;
  };

  let response = await go(authorize.toString());
  // Follows redirects until the callback (tokens) or a page; answers the form's action on a form.
  const follow = async (): Promise<SignInOutcome | { action: string; page: string }> => {
    for (let hop = 0; hop < 12; hop++) {
      const location = response.headers.get("location");
      if (location?.startsWith(redirectUri)) {
        const code = new URL(location).searchParams.get("code");
        if (!code) throw new Error(`no code in ${location}`);
        const token = await fetch(`${baseUrl}/oidc/token`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            grant_type: "authorization_code",
            code,
            redirect_uri: redirectUri,
            client_id: clientId,
            code_verifier: verifier,
          }),
        });
        if (!token.ok) throw new Error(`token endpoint: ${token.status} ${await token.text()}`);
        return { tokens: (await token.json()) as Tokens, cookie: jar.header(), status: 200 };
      }
      if (location) {
        response = await go(new URL(location, baseUrl).toString());
        continue;
      }
      const page = await response.text();
      const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
      if (response.status !== 200 || !action) return { page, status: response.status };
      return { action, page };
    }
    throw new Error("too many redirects");
  };

  let state = await follow();
  const submit = async (username: string, password: string, steps?: NextStep): Promise<SignInOutcome> => {
    while ("action" in state) {
      const fields = state.action.endsWith("/login")
        ? { username, password }
        : steps?.(state.page, state.action);
      if (!fields) return { page: state.page, status: 200 };
      response = await go(new URL(state.action, baseUrl).toString(), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      });
      if (response.status >= 400) return { page: await response.text(), status: response.status };
      state = await follow();
    }
    return state;
  };
  return "action" in state ? { submit } : { page: state, submit };
}

export async function refresh(baseUrl: string, refreshToken: string, clientId = "odin-web") {
  return fetch(`${baseUrl}/oidc/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: clientId,
    }),
  });
}
