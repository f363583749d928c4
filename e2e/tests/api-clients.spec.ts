import { expect, test } from "@playwright/test";
import { goInApp, screenshot } from "../support/journey";
import { signInAs } from "../support/sign-in";

/**
 * Issue 38 item 2: an agency admin makes an API client for the CAD on the admin screen, copies its
 * secret (shown once), and the CAD takes a token by client credentials and searches with it; the admin
 * sees its last use, then switches it off and its token is refused. Each run makes a client of its own
 * name, switched off at the end, so other journeys never see it.
 */
test.describe("API clients on the admin screen", () => {
  test.use({ viewport: { width: 1440, height: 1000 }, timezoneId: "America/New_York" });

  test("the admin makes a client; the CAD searches with its token; the admin switches it off", async ({
    page,
    request,
  }) => {
    await signInAs(page, "hartford.admin");
    await expect(page.getByRole("heading", { level: 1, name: "Search LPR Records" })).toBeVisible({
      timeout: 20_000,
    });
    await goInApp(page, "/admin");
    const card = page.getByRole("region", { name: "API clients for your agency's systems" });
    await expect(card.getByLabel("Token endpoint", { exact: true })).toBeVisible({ timeout: 20_000 });
    const name = `CAD bridge ${Date.now()}`;

    await card.getByRole("button", { name: "Create API client" }).click();
    await expect(card.getByText("Choose at least one scope.")).toBeVisible();
    await card.getByRole("textbox", { name: /^Name/ }).fill(name);
    await card.getByRole("checkbox", { name: /^search:/ }).check();
    await card.getByRole("checkbox", { name: /^alerts:read:/ }).check();
    await card.getByRole("button", { name: "Create API client" }).click();
    const secret = (await card.getByLabel("Client secret", { exact: true }).textContent())!.trim();
    const clientId = (await card.getByLabel("Client id", { exact: true }).textContent())!.trim();
    expect(secret).toMatch(/^odin_cs_/);
    // The secret's notice at the top of the screen, under the sticky header, the list below it.
    await card.getByText("API client created.", { exact: false }).evaluate((element) => {
      element.scrollIntoView({ block: "start" });
      window.scrollBy(0, -96);
    });
    await screenshot(page, "admin-api-clients", { scrollTop: false });

    // The CAD's side: a token by client credentials, then an audited search.
    const tokenEndpoint = (await card.getByLabel("Token endpoint", { exact: true }).textContent())!.trim();
    const audience = (await card.getByLabel("Audience (resource)", { exact: true }).textContent())!.trim();
    const tokenResponse = await request.post(tokenEndpoint, {
      headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}` },
      form: { grant_type: "client_credentials", resource: audience },
    });
    expect(tokenResponse.status(), await tokenResponse.text()).toBe(200);
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const search = () =>
      request.post("/search-data", {
        headers: { authorization: `Bearer ${token}` },
        data: {
          plate: "AK47123",
          justification: "CAD incident 26-311: stolen vehicle",
          start_time: new Date(Date.now() - 86_400_000).toISOString(),
          end_time: new Date().toISOString(),
          agencies: [],
        },
      });
    expect((await search()).status()).toBe(200);

    await card.getByRole("button", { name: "I have copied it" }).click();
    await page.reload();
    const row = card.getByRole("row").filter({ hasText: name });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row).not.toContainText("Not yet");
    await row.getByRole("button", { name: "Switch off" }).click();
    const dialog = page.getByRole("dialog", { name: "Switch off this API client" });
    await dialog.getByRole("button", { name: "Switch off" }).click();
    await expect(row).toContainText("Switched off");
    expect((await search()).status()).toBe(403);
  });
});
