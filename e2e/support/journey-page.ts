import { test, type BrowserContext, type Page } from "@playwright/test";

/**
 * A persona journey as steps a reader sees pass or fail one by one (issue 39 item 6): call this at the
 * top of the journey's describe, which it makes serial, and write one test per screen. The steps share
 * one page, opened before the first (with the describe's options: viewport, time zone, the worker's
 * server) and closed after the last, so each goes on from where the one before left the app, signed in
 * as before (the app keeps its tokens in memory). A failing step skips the steps after it.
 */
export function journeyPage(): { readonly page: Page } {
  test.describe.configure({ mode: "serial" });
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  test.beforeAll(async ({ browser }) => {
    // A context of its own, not browser.newPage()'s: axe (expectAccessible) opens pages in it.
    context = await browser.newContext();
    page = await context.newPage();
  });
  test.afterAll(async () => {
    await context?.close();
  });
  return {
    get page(): Page {
      if (!page) throw new Error("the journey's page is opened in beforeAll");
      return page;
    },
  };
}
