import { expect, test } from "@playwright/test";

test.describe("the served product", () => {
  test("the API is healthy on its embedded database", async ({ request }) => {
    const res = await request.get("/healthz");
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "ok" });
  });

  test("the web app opens with its frame, footer and legal pages", async ({ page }) => {
    await page.goto("/terms");
    await expect(page).toHaveTitle(/Odin/);
    await expect(page.getByRole("navigation", { name: /main/i })).toBeVisible();
    await expect(page.getByText("01/15/2025").first()).toBeVisible();
    await expect(page.getByText(/trademark pending/i)).toBeVisible();
    await page.getByRole("link", { name: "Privacy" }).first().click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByText(/Connecticut/).first()).toBeVisible();
  });

  test("every spec route is served by the app, and unknown API paths stay API 404s", async ({
    page,
    request,
  }) => {
    for (const route of ["/search", "/results", "/alerts/group/1", "/groups/1/edit", "/audit-log"]) {
      const res = await request.get(route);
      expect(res.status(), route).toBe(200);
      expect(res.headers()["content-type"]).toContain("text/html");
    }
    const api404 = await request.get("/no-such-call");
    expect(api404.status()).toBe(404);
    expect((await api404.json()).error.code).toBe("NOT_FOUND");
    // An unknown address opened in the browser: the web app's own not-found page, never raw JSON.
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByText('"NOT_FOUND"')).toHaveCount(0);
    // The browser's own /favicon.ico request finds the icon.
    expect((await request.get("/favicon.ico")).status()).toBe(200);
    // A protected page sends a visitor who is not signed in to Odin's sign-in page.
    await page.goto("/search");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });
});
