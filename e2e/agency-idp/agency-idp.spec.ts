import { expect, test, type Page, type Response } from "@playwright/test";
import { AGENCY_ISSUER } from "../agency-idp.config";
import { captureBearer } from "../support/sign-in";
import { screenshot } from "../support/journey";

/**
 * Issue 34, "done when": an agency that signs its people in with its own identity provider (a separate
 * `oidc-provider` process, support/agency-idp.mjs). In Chromium: the owner, linked by verified e-mail at
 * the first sign-in, sets a mapping rule; a person who exists only in the provider signs in and lands
 * with the rule's role and agency; an admin adds a person by e-mail, who then signs in and is linked;
 * a SCIM deactivation ends a live session; after sign-out the refresh token is refused.
 */
test.describe.configure({ mode: "serial" });

/** Signs in at the agency's provider (its development form: any password) and consents. */
async function signInAtAgency(page: Page, account: string): Promise<void> {
  await page.goto("/");
  await page.getByRole("button", { name: "Log in with your identity provider" }).click();
  await expect(page).toHaveURL(new RegExp(`^${AGENCY_ISSUER}/`));
  await page.getByPlaceholder("Enter any login").fill(account);
  await page.getByPlaceholder("and password").fill("agency-password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  // Odin asks for offline_access with prompt=consent (OIDC_PROMPT's default): the provider asks to authorize.
  await page.getByRole("button", { name: "Continue" }).click();
}

/** In-app navigation: a page load would start over at the provider (tokens live in memory only). */
async function openNav(page: Page, name: string): Promise<void> {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Logout" }).click();
  // The provider's own confirmation of RP-initiated logout.
  await page.getByRole("button", { name: /sign me out|yes/i }).click();
  await expect(page.getByRole("button", { name: "Log in with your identity provider" })).toBeVisible({
    timeout: 20_000,
  });
}

/** The token endpoint's answers, to hold the refresh token a person's browser got. */
function captureTokens(page: Page): () => { refresh_token?: string; access_token?: string } {
  let latest: { refresh_token?: string; access_token?: string } = {};
  page.on("response", async (response: Response) => {
    if (response.url() === `${AGENCY_ISSUER}/token` && response.ok())
      latest = (await response.json()) as typeof latest;
  });
  return () => latest;
}

test("the owner is linked by verified e-mail and sets a rule; someone only in the provider signs in with its role", async ({
  page,
}) => {
  await signInAtAgency(page, "agency-owner");
  await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible({ timeout: 30_000 });

  await openNav(page, "Owner");
  const rules = page.getByRole("region", { name: "Sign-in rules" });
  await expect(rules.getByText("No rules yet")).toBeVisible({ timeout: 20_000 });
  await rules.getByLabel("Agency of the rule").selectOption({ label: "Hartford Police Department" });
  await rules.getByLabel("Claim").fill("groups");
  await rules.getByLabel("Value (group name or id)").fill("odin-investigators");
  await rules.getByLabel("Hotlist viewer").check();
  await rules.getByRole("button", { name: "Add rule" }).click();
  await expect(
    rules.getByText('Rule added: groups holding "odin-investigators" gives Hartford Police Department.'),
  ).toBeVisible();
  await expect(rules.getByRole("row").filter({ hasText: "odin-investigators" })).toContainText(
    "User, hotlist viewer",
  );
  await screenshot(page, "owner-sign-in-rules");
  await signOut(page);

  // Casey exists only in the agency's directory, in the odin-investigators group.
  await signInAtAgency(page, "agency-casey");
  await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible({ timeout: 30_000 });
  // A hotlist viewer: the Alerts link is there.
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Alerts" }),
  ).toBeVisible();
  await openNav(page, "Profile");
  await expect(page.getByText("casey.morgan@hartford.example")).toBeVisible();
  await expect(page.getByText("Odin keeps no password for you.")).toBeVisible();
  await signOut(page);
});

test("an admin adds a person by e-mail, who signs in and is linked", async ({ page }) => {
  await signInAtAgency(page, "agency-hartford-admin");
  await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible({ timeout: 30_000 });
  await openNav(page, "Admin");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Add User" }) });
  await expect(form.getByText("no password is set here")).toBeVisible({ timeout: 20_000 });
  await expect(form.getByLabel("Password")).toHaveCount(0);
  await form.getByLabel("Username").fill("dana.reyes");
  await form.getByLabel("Full name").fill("Dana Reyes");
  await form.getByLabel("Email").fill("Dana.Reyes@hartford.example");
  await form.getByRole("button", { name: "Add User" }).click();
  await expect(form.getByText("User added successfully.")).toBeVisible();
  const dana = page.getByRole("row").filter({ hasText: "dana.reyes" });
  await expect(dana).toContainText("Waiting for first sign-in");
  await screenshot(page, "admin-users-agency-idp");
  await signOut(page);

  await signInAtAgency(page, "agency-dana");
  await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible({ timeout: 30_000 });
  await signOut(page);

  await signInAtAgency(page, "agency-hartford-admin");
  await openNav(page, "Admin");
  await expect(page.getByRole("row").filter({ hasText: "dana.reyes" })).toContainText("Linked", {
    timeout: 20_000,
  });
  await signOut(page);
});

test("a SCIM deactivation ends a live session, and after sign-out the refresh token is refused", async ({
  page,
  browser,
  request,
}) => {
  // The admin makes the agency's SCIM token (Odin's own call, with the admin's session).
  const bearer = captureBearer(page);
  await signInAtAgency(page, "agency-hartford-admin");
  await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible({ timeout: 30_000 });
  const made = await request.post("/admin/scim-token", { headers: { authorization: `Bearer ${bearer()}` } });
  expect(made.ok(), await made.text()).toBe(true);
  const { token: scimToken } = (await made.json()) as { token: string };
  const scim = { authorization: `Bearer ${scimToken}`, "content-type": "application/scim+json" };

  // Casey signs in in another browser and stays on Search.
  const casey = await (await browser.newContext()).newPage();
  const caseyTokens = captureTokens(casey);
  await signInAtAgency(casey, "agency-casey");
  await expect(casey.getByRole("heading", { name: "Search LPR Records" })).toBeVisible({ timeout: 30_000 });

  // The agency's provisioning switches Casey off (Entra ID's request shape).
  const found = await request.get(
    `/scim/v2/Users?filter=${encodeURIComponent('userName eq "casey.morgan"')}`,
    { headers: scim },
  );
  expect(found.ok(), await found.text()).toBe(true);
  const [caseyAtScim] = ((await found.json()) as { Resources: { id: string }[] }).Resources;
  expect(caseyAtScim).toBeTruthy();
  const off = await request.patch(`/scim/v2/Users/${caseyAtScim!.id}`, {
    headers: scim,
    data: {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "Replace", path: "active", value: "False" }],
    },
  });
  expect(off.ok(), await off.text()).toBe(true);

  // Casey's live page: the next call is refused, and the screen says why.
  const stillValid = caseyTokens().access_token!;
  const refused = await request.get("/get-current-user", {
    headers: { authorization: `Bearer ${stillValid}` },
  });
  expect(refused.status()).toBe(403);
  // A reload signs in again through the provider's session (consent asked again, prompt=consent).
  await casey.reload();
  await casey.getByRole("button", { name: "Continue" }).click();
  await expect(casey.getByText(/switched off/).first()).toBeVisible({ timeout: 30_000 });
  await casey.context().close();

  // The admin signs out; the refresh token the browser held is refused by the provider, and the
  // access token by Odin.
  const adminTokens = captureTokens(page);
  await page.reload();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible({ timeout: 30_000 });
  const { refresh_token: refreshToken, access_token: accessToken } = adminTokens();
  expect(refreshToken).toBeTruthy();
  await signOut(page);
  const renewed = await request.post(`${AGENCY_ISSUER}/token`, {
    form: { grant_type: "refresh_token", refresh_token: refreshToken!, client_id: "odin-web" },
  });
  expect(renewed.status()).toBe(400);
  expect(((await renewed.json()) as { error: string }).error).toBe("invalid_grant");
  const old = await request.get("/get-current-user", { headers: { authorization: `Bearer ${accessToken}` } });
  expect(old.status()).toBe(401);
});
