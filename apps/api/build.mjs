// Bundles the API into dist/server.js. Workspace packages (@odin/*, TypeScript sources) are inlined;
// every other package stays external and is resolved from this app's node_modules at run time.
import { build } from "esbuild";

await build({
  entryPoints: ["src/server.ts", "src/cli.ts"],
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  // Demo-only code (the vendor simulators) is a separate chunk, loaded only when demo mode starts.
  splitting: true,
  logLevel: "warning",
  plugins: [
    {
      name: "external-node-modules",
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@odin/") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
