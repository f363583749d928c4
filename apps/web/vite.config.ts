import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";

const API_TARGET = "http://127.0.0.1:3000";

// Paths Vite answers itself: its client and module graph in dev, the built bundle and public/ in preview.
const VITE_OWN_PATHS =
  /^\/(?:@vite\/|@react-refresh|@id\/|@fs\/|__vite|src\/|node_modules\/|assets\/|favicon\.svg)/;

/**
 * The API's paths sit at the root next to the web routes, and some share a prefix with them
 * (/alerts vs /alerts-data, /groups/1/edit vs /groups/1/edit-data), so listing prefixes would drift.
 * Instead everything is proxied except (a) Vite's own paths and (b) page navigations: a browser asking for
 * text/html gets the SPA, which renders the route or its 404 page. fetch() sends Accept: *\/* and images ask
 * for image/*, so API calls, image proxies and event streams all reach the API.
 */
const apiProxy: ProxyOptions = {
  target: API_TARGET,
  bypass(req) {
    const url = req.url ?? "/";
    if (VITE_OWN_PATHS.test(url)) return url;
    if (req.headers.accept?.includes("text/html")) return url;
    return undefined;
  },
};

export default defineConfig({
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  server: { port: 5173, strictPort: true, proxy: { "/": apiProxy } },
  preview: { proxy: { "/": apiProxy } },
});
