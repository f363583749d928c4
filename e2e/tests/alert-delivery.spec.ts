import { expect, test } from "@playwright/test";
import { screenshot } from "../support/journey";
import { signInAs } from "../support/sign-in";

/**
 * Issue 24: the admin's alert webhooks screen, the profile's alert channels (browser notifications on
 * this device included) and quiet hours, and a
 * group's alerting (cooldown, urgent) on Edit Group.
 */
test("an admin registers dispatch webhooks (secret shown once, either signature), allows pictures in alert e-mails, turns alert e-mails on, sets quiet hours and a group's cooldown", async ({
  page,
}) => {
  // Two workers share the two cores, beside whatever else runs: a test takes longer than alone.
  test.setTimeout(240_000);
  await signInAs(page, "hartford.admin");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
  await page.getByRole("link", { name: /Alert webhooks for dispatch systems/ }).click();
  await expect(page.getByRole("heading", { name: "Alert Webhooks" })).toBeVisible();
  await page.getByLabel("Name").fill("County CAD");
  await page.getByLabel("Endpoint URL").fill("https://cad.example.org/odin");
  await page.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.getByText(/signing secret is shown this once/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Webhooks list" }).getByText("County CAD")).toBeVisible();
  // Issue 38: a receiver built on the older scheme keeps it, chosen when the webhook is added.
  await page.getByLabel("Name").fill("Records system (old verifier)");
  await page.getByLabel("Endpoint URL").fill("https://rms.example.org/hooks/odin");
  await page.getByLabel("Signature").selectOption("odin_v1");
  await page.getByRole("button", { name: "Add webhook" }).click();
  const list = page.getByRole("region", { name: "Webhooks list" });
  await expect(list.getByRole("row", { name: /Records system/ })).toContainText(
    "Odin-Signature (deprecated)",
  );
  await expect(list.getByRole("row", { name: /County CAD/ })).toContainText("Standard Webhooks");
  await screenshot(page, "admin-webhooks", { fullPage: true });

  // Issue 38 item 5: the alert e-mail picture switch, on User Administration beside the other settings.
  await page.getByRole("link", { name: "← User Administration" }).click();
  const mail = page.getByRole("region", { name: "Alert e-mails" });
  const pictures = mail.getByRole("checkbox", { name: "Attach the read's picture to alert e-mails" });
  await expect(pictures).not.toBeChecked();
  await pictures.focus();
  await page.keyboard.press("Space");
  await expect(mail.getByText("Saved. Alert e-mails now carry the read's picture.")).toBeVisible();
  await expect(pictures).toBeChecked();
  await expect(pictures).toBeFocused();
  await mail.scrollIntoViewIfNeeded();
  await screenshot(page, "admin-alert-email", { scrollTop: false });

  // Browser notifications on this device (Web Push): allowed by the browser, not yet subscribed. The
  // journey's Chromium reaches no push service, so subscribing itself is covered by the API's
  // test/web-push.test.ts and the control's states by browser-notifications.test.tsx.
  await page.context().grantPermissions(["notifications"]);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
  const push = page.getByRole("group", { name: "Browser notifications on this device" });
  await expect(push.getByText(/^Off: this browser shows no notifications/)).toBeVisible();
  await expect(push.getByRole("button", { name: "Turn on browser notifications" })).toBeEnabled();
  // The service worker is served at the root and takes the whole site as its scope.
  const scope = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    return registration.scope;
  });
  expect(scope).toBe(new URL("/", page.url()).href);
  const box = page.getByRole("checkbox", { name: "E-mail me each alert of my groups" });
  await box.click();
  await expect(box).toBeChecked();
  await page.getByRole("checkbox", { name: "Hold alerts during quiet hours" }).click();
  await page.getByLabel("From").fill("22:00");
  await page.getByLabel("Until").fill("06:00");
  await page.getByRole("button", { name: "Save quiet hours" }).click();
  await expect(page.getByText("Quiet hours saved: 22:00 to 06:00.")).toBeVisible();
  await screenshot(page, "profile-alert-channels", { fullPage: true });

  // A group's alerting: the cooldown and urgency, on Edit Group.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Alerts" }).click();
  await page.getByRole("link", { name: /View Alerts: Hartford Stolen Vehicles/ }).click();
  await page.getByRole("link", { name: "Group details" }).click();
  await page.getByRole("link", { name: "Edit Group" }).click();
  const cooldown = page.getByLabel("Cooldown (minutes)");
  await expect(cooldown).toHaveValue("10");
  await cooldown.fill("15");
  await page.getByRole("checkbox", { name: /Urgent/ }).click();
  await page.getByRole("button", { name: "Save alert settings" }).click();
  await expect(page.getByText("Saved: 15 minutes, urgent.")).toBeVisible();
  await screenshot(page, "group-alerting", { fullPage: true });
});
