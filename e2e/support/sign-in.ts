import { expect, type Page } from "@playwright/test";

/** The demo password of every seeded user (packages/db/src/seed.ts). */
export const DEMO_PASSWORD = "Odin-demo-2026!";

/** Signs in through the built-in provider's page, as a person would, and waits for the app. */
export async function signInAs(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/");
  await page.getByRole("button", { name: "Log in with your identity provider" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Records the bearer token the app sends to the API, to prove it is refused after logout. */
export function captureBearer(page: Page): () => string | undefined {
  let token: string | undefined;
  page.on("request", (request) => {
    const header = request.headers()["authorization"];
    if (header?.startsWith("Bearer ")) token = header.slice("Bearer ".length);
  });
  return () => token;
}
