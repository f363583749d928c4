import { afterEach } from "vitest";
import { clearProxiedImages } from "@/components/ui/proxied-image";

// The files sharing a module graph (vitest.config.ts) also share its caches: forget fetched images.
afterEach(() => clearProxiedImages());
