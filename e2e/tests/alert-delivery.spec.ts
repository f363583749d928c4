import { expect, test } from "@playwright/test";
import { screenshot } from "../support/journey";
import { signInAs } from "../support/sign-in";

/** Issue 24: the admin's alert webhooks screen and the profile's alert channels. */
test("an admin registers a dispatch webhook (secret shown once) and turns alert e-mails on", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAs(page, "hartford.admin");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
  await page.getByRole("link", { name: /Alert webhooks for dispatch systems/ }).click();
  await expect(page.getByRole("heading", { name: "Alert Webhooks" })).toBeVisible();
  await page.getByLabel("Name").fill("County CAD");
  await page.getByLabel("Endpoint URL").fill("https://cad.example.org/odin");
  await page.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.getByText(/signing secret is shown this once/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Webhooks list" }).getByText("County CAD")).toBeVisible();
  await screenshot(page, "admin-webhooks", { fullPage: true });

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
  const box = page.getByRole("checkbox", { name: "E-mail me each alert of my groups" });
  await box.click();
  await expect(box).toBeChecked();
  await screenshot(page, "profile-alert-channels", { fullPage: true });
});
