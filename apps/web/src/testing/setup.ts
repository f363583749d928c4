import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

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
