import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";

const API_TARGET = "http://127.0.0.1:3000";

// Paths Vite answers itself: its client and module graph in dev, the built bundle and public/ in preview.
const VITE_OWN_PATHS =
  /^\/(?:@vite\/|@react-refresh|@id\/|@fs\/|__vite|src\/|node_modules\/|assets\/|favicon\.svg|sw\.js)/;

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

/**
 * Libraries in chunks of their own: each stays cached across deployments of Odin's own code, and no
 * chunk grows past the 500 kB warning as screens arrive. Matched on the package folder, which pnpm
 * nests as node_modules/.pnpm/<name>@<version>/node_modules/<name>/ (module ids use forward slashes).
 */
const pkg = (...names: string[]) => new RegExp(`/node_modules/(?:${names.join("|")})/`);
const vendorChunks = [
  { name: "react", test: pkg("react", "react-dom", "scheduler"), priority: 40 },
  {
    name: "router",
    test: pkg("react-router", "react-router-dom", "cookie", "set-cookie-parser"),
    priority: 30,
  },
  { name: "oidc", test: pkg("oidc-client-ts", "react-oidc-context", "jwt-decode"), priority: 20 },
  { name: "vendor", test: /\/node_modules\//, priority: 10 },
];

export default defineConfig({
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  build: { rolldownOptions: { output: { codeSplitting: { groups: vendorChunks } } } },
  server: { port: 5173, strictPort: true, proxy: { "/": apiProxy } },
  preview: { proxy: { "/": apiProxy } },
});
