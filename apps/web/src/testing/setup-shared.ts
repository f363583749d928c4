import { afterEach } from "vitest";
import { clearProxiedImages } from "@/components/ui/proxied-image";
import { signOutAbandoned } from "@/lib/sign-out";

// The files sharing a module graph (vitest.config.ts) also share its caches and state: forget fetched
// images, and a Logout pressed by one test (the tab's signing-out flag).
afterEach(() => {
  clearProxiedImages();
  signOutAbandoned();
});
