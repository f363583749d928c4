import { chromium } from "@playwright/test";
const base = process.env.BASE ?? "http://127.0.0.1:3300";
const persona = process.argv[2];
const routes = process.argv.slice(3);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const page = await browser.newPage({
  viewport: { width: Number(process.env.W ?? 1440), height: 1000 },
  timezoneId: "America/New_York",
});
page.on("pageerror", (e) => console.log("pageerror", e.message));
await page.goto(base + "/");
await page.getByRole("button", { name: "Log in with your identity provider" }).click();
await page.getByLabel("Username").fill(persona);
await page.getByLabel("Password").fill("Odin-demo-2026!");
await page.getByRole("button", { name: "Sign in" }).click();
await page.waitForURL(/\/search/);
for (const r of routes) {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, r);
  await page.waitForTimeout(2500);
  const name = `${persona}${r.replace(/[\/?=&]/g, "_")}.png`;
  await page.screenshot({ path: `/tmp/walk/${name}`, fullPage: process.env.FULL === "1" });
  console.log("shot", name);
}
await browser.close();
