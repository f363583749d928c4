import { existsSync } from "node:fs";

/** The installed Chromium: CHROMIUM_PATH, else Debian's, else a system Chrome. Never a downloaded one. */
export function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ].filter((candidate): candidate is string => Boolean(candidate));
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error("No Chromium found: `apt-get install chromium` or set CHROMIUM_PATH.");
  return found;
}

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
