import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// findBy… and waitFor give up after 5 s, not Testing Library's 1 s: with two checkouts' tests on these
// 2 cores (issue 35 item 6) a screen took longer than a second to answer a click. A test that passes
// is not slower (they return as soon as the element is there); a broken one still fails, later.
configure({ asyncUtilTimeout: 5_000 });

// Globals are off, so Testing Library cannot register its own cleanup.
// Most files share a window (vitest.config.ts: isolate false), so each test leaves it as it found it.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, "", "/");
  document.title = "";
});

// jsdom does not scroll; the router's ScrollRestoration calls this on every navigation.
window.scrollTo = () => {};
