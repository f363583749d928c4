import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

/** Where the journeys keep the README's screenshots (relative to e2e/, Playwright's working folder). */
const SCREENSHOTS = "../docs/screenshots";

/** Every nav link of the spec (000 §2, 001 §2), in the order the bar shows them. */
const ALL_NAV_LINKS = [
  "Search",
  "Alerts",
  "Admin",
  "Integrations",
  "Audit Log",
  "Review",
  "Owner",
  "Profile",
  "Terms",
  "Privacy",
];

/**
 * The links each persona sees, by the specs' rule: Search, Profile, Terms and Privacy for everyone signed
 * in; Alerts for admins, hotlist admins and viewers; Admin, Integrations, Audit Log and Odin's Review
 * (issue 23) for admins; Owner
 * for the one owner (an admin here).
 */
export const NAV_LINKS = {
  investigator: ["Search", "Profile", "Terms", "Privacy"],
  hotlistUser: ["Search", "Alerts", "Profile", "Terms", "Privacy"],
  admin: ALL_NAV_LINKS.filter((link) => link !== "Owner"),
  owner: ALL_NAV_LINKS,
} as const;

export const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** The nav bar shows exactly these links (and Logout), and none of the others. */
export async function expectNavLinks(page: Page, visible: readonly string[]): Promise<void> {
  for (const name of ALL_NAV_LINKS) {
    const link = nav(page).getByRole("link", { name, exact: true });
    if (visible.includes(name)) await expect(link, name).toBeVisible();
    else await expect(link, name).toHaveCount(0);
  }
  await expect(nav(page).getByRole("button", { name: "Logout" })).toBeVisible();
}

/**
 * The navigation's unread alert count (issue 20, the alert desk): 0 when the badge is not shown. Fails on
 * "99+", which a journey could not count down from.
 */
export async function unreadAlerts(page: Page): Promise<number> {
  const badge = nav(page).getByTestId("unread-alerts");
  if ((await badge.count()) === 0) return 0;
  const text = (await badge.innerText()).trim();
  const count = /^(\d+) unread alerts$/.exec(text.replace(/\s+/g, " "))?.[1];
  if (!count) throw new Error(`Unread alerts shown as "${text}"`);
  return Number(count);
}

/** Follows a nav link as a person would (the app keeps its tokens in memory, so no reloads). */
export async function openFromNav(page: Page, link: string, heading: string | RegExp): Promise<void> {
  await nav(page).getByRole("link", { name: link, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/**
 * Goes to an address inside the app without a page load (a load would sign in again silently, which
 * works but is slower), the way a link inside the app does.
 */
export async function goInApp(page: Page, to: string): Promise<void> {
  await page.evaluate((path) => {
    window.history.pushState({}, "", path);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, to);
}

/**
 * Issue 20 item 5: axe-core on the screen as it is now, WCAG 2.x A and AA plus best practices; no
 * serious and no moderate violation (critical ones count too). Minor ones are reported, not failed.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await expect(page.getByText("Loading...", { exact: true })).toHaveCount(0);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact !== "minor")
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(" "))
          .join(", ")}`,
    );
  expect(blocking, `axe on ${screen}`).toEqual([]);
}

/**
 * A screenshot for the README, from the top of the page once nothing is loading. Written only by
 * `pnpm screenshots` (ODIN_SCREENSHOTS=1), so a test run leaves the working tree clean; the journeys
 * still check the screen is settled, and run axe on it (expectAccessible), either way.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean; scrollTop?: boolean } = {},
): Promise<void> {
  await expectAccessible(page, name);
  if (!process.env.ODIN_SCREENSHOTS) return;
  if (options.scrollTop ?? true) await page.evaluate(() => window.scrollTo(0, 0));
  // No hover highlight left on whatever the pointer last clicked (a nav link, a button).
  const viewport = page.viewportSize();
  if (viewport) await page.mouse.move(viewport.width - 2, viewport.height - 2);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: options.fullPage ?? false });
}

/** Logout: the session is revoked and the provider's logout returns to the sign-in screen. */
export async function signOut(page: Page): Promise<void> {
  await nav(page).getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("button", { name: "Log in with your identity provider" })).toBeVisible();
}

/** Fills the Add User form of /admin or /owner (the owner's also asks for the agency). */
export async function fillAddUser(
  form: Locator,
  user: { username: string; name: string; email: string; password: string },
): Promise<void> {
  await form.getByLabel("Username").fill(user.username);
  await form.getByLabel("Full name").fill(user.name);
  await form.getByLabel("Email").fill(user.email);
  await form.getByLabel("Password").fill(user.password);
}
