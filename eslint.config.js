// One lint configuration for the workspace: typed rules (no floating promises) everywhere,
// React hooks rules in the web app, process.env readable only by the API's config/env.ts, and the
// API's layers: Prisma only in its data layer, Fastify only in routes and plugins.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import { createRequire } from "node:module";
import globals from "globals";
import tseslint from "typescript-eslint";
import odin from "./scripts/eslint/database-handle.js";

// The web app's accessibility rules (issue 39 item 7): the plugin is a dev dependency of apps/web,
// so it is resolved from there.
const jsxA11y = createRequire(new URL("./apps/web/package.json", import.meta.url))("eslint-plugin-jsx-a11y");

/**
 * The API's data layer: the only files that may import the Prisma client and query through it.
 * Repositories (`*.repository.ts`) plus the data-access files listed here by name, each a piece of
 * SQL or a store that a library drives (oidc-provider's adapter, the rate limit's store). The
 * migrations and the seed live in packages/db, which this rule does not cover.
 */
const API_DATA_LAYER = [
  "apps/api/src/**/*.repository.ts",
  // The composition roots: they make the client and hand it to everything else.
  "apps/api/src/server.ts",
  "apps/api/src/app.ts",
  "apps/api/src/composition/**",
  "apps/api/src/cli/database.ts",
  // The `Database` type and inTransaction: the handle services hold and pass to repositories.
  "apps/api/src/lib/database.ts",
  // Data-access files that are not named *.repository.ts:
  // - the one ingest → match → alert statement and its SQL pieces (shared with sources/ and search/);
  "apps/api/src/modules/alerts/matching/alert-matcher.ts",
  "apps/api/src/modules/alerts/matching/matcher-sql.ts",
  // - who may see a hotlist group, as the Prisma filter every hotlist and alert query applies;
  "apps/api/src/modules/hotlists/group-access.ts",
  // - stores a library drives: oidc-provider's adapter, the shared rate limit and the shared pace.
  "apps/api/src/identity/oidc-adapter.ts",
  "apps/api/src/plugins/shared-rate-limit-store.ts",
  "apps/api/src/modules/geocode/shared-pace.ts",
];

const PRISMA_IMPORT_MESSAGE =
  "Only the data layer imports the Prisma client: hold a Database (src/lib/database.ts) and call the domain's repository (docs/architecture.md, the data layer).";
const PRISMA_MESSAGE =
  "Only repositories (*.repository.ts) query the database: move this call into the domain's repository (docs/architecture.md, the data layer).";

/** Importing the client, its constructor or its Prisma namespace (SQL builder, errors, query types). */
const PRISMA_CLIENT_IMPORTS = [
  "ImportDeclaration[source.value='@odin/db'] > ImportSpecifier[imported.name=/^(PrismaClient|Prisma|createPrismaClient)$/]",
  "ExportNamedDeclaration[source.value='@odin/db'] > ExportSpecifier[local.name=/^(PrismaClient|Prisma|createPrismaClient)$/]",
  "ImportDeclaration[source.value=/^@prisma\\u002F|generated\\u002Fclient/]",
];

/** Reaching through a database handle: `prisma.user…`, `tx.$executeRaw…`, `deps.prisma.alert…`. */
const PRISMA_HANDLE_USES = [
  "MemberExpression[object.type='Identifier'][object.name=/^(prisma|tx|db)$/]",
  "MemberExpression[object.type='MemberExpression'][object.property.name=/^(prisma|tx|db)$/]",
];

/** Where Fastify may be imported: routes, plugins, the app and the helpers that only routes call. */
const API_HTTP_LAYER = [
  "apps/api/src/**/*.routes.ts",
  "apps/api/src/plugins/**",
  "apps/api/src/app.ts",
  "apps/api/src/server.ts",
  // The composition root's parts (issue 39 item 3): they register the routes and the workers' hooks.
  "apps/api/src/composition/**",
  // Helpers that exist for routes only: the identity pages' HTML answers and form parser, and the
  // mount of oidc-provider (a Koa app) under /oidc.
  "apps/api/src/identity/html-forms.ts",
  "apps/api/src/identity/oidc-mount.ts",
];

/** The web app's features (apps/web/src/features/*): each may import none of the others. */
const WEB_FEATURES = [
  "account",
  "admin",
  "alert-delivery",
  "alerts",
  "audit",
  "auth",
  "exports",
  "integrations",
  "legal",
  "owner",
  "review",
  "search",
  "transparency",
];

/**
 * One lint block per feature refusing imports of the other features. features/account still shows
 * alert-delivery's channels card on the profile screen: both belong to another branch of this session,
 * so that one import is allowed there until app/screens.tsx composes it like the others.
 */
function webFeatureBoundaries() {
  return WEB_FEATURES.map((feature) => {
    const allowed = feature === "account" ? ["alert-delivery"] : [];
    const others = WEB_FEATURES.filter((other) => other !== feature && !allowed.includes(other));
    return {
      files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            patterns: [
              ...others.map((other) => ({
                group: [
                  `@/features/${other}`,
                  `@/features/${other}/**`,
                  `**/features/${other}`,
                  `**/features/${other}/**`,
                  `../**/${other}/**`,
                ],
                message: `Features do not import each other (${feature} → ${other}): move what both need to components/ or lib/, or compose them in app/.`,
              })),
              // Issue 39 item 1: app/ composes features, so a feature never imports app/ (the current user
              // is lib/auth/current-user.tsx).
              {
                group: ["@/app", "@/app/**", "**/src/app/**", "../../app/**", "../../../app/**"],
                message: `Features do not import app/ (${feature} → app): app/ composes the features; what a feature needs of the signed-in frame is in lib/ (lib/auth/current-user.tsx).`,
              },
            ],
          },
        ],
      },
    };
  });
}

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/.turbo/**",
      "**/generated/**",
      ".data/**",
      "e2e/test-results/**",
      "e2e/playwright-report*/**",
      "**/*.config.js",
      "**/*.mjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // The web app's service worker (plain JavaScript, served as is at /sw.js): untyped rules only.
    files: ["apps/web/public/sw.js"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.serviceworker }, parserOptions: { projectService: false } },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    // Accessibility (issue 39 item 7): jsx-a11y's recommended rules on the web app's components.
    files: ["apps/web/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrolling table frame is a named region that takes focus so the keyboard can scroll it (axe's
      // scrollable-region-focusable): regions may be focusable, as tab panels are by default.
      "jsx-a11y/no-noninteractive-tabindex": [
        "error",
        { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true },
      ],
    },
  },
  // Web feature boundaries (bulletproof-react's rule): a feature never imports another feature. Shared
  // pieces live in components/ or lib/, and app/ (the routes) composes features, e.g. a screen that shows
  // another feature's card takes it as a prop from app/screens.tsx. components/ and lib/ import no feature
  // and not app/. Each feature's block refuses every other feature, by alias and by relative path.
  ...webFeatureBoundaries(),
  {
    files: ["apps/web/src/components/**/*.{ts,tsx}", "apps/web/src/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/features/*", "@/features/**", "**/features/**", "@/app/*", "@/app/**", "**/app/**"],
              message:
                "components/ and lib/ are shared by every feature: they import no feature and not app/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/api/src/**/*.ts"],
    ignores: ["apps/api/src/config/env.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through src/config/env.ts." },
      ],
    },
  },
  {
    // Only the data layer talks to PostgreSQL (docs/architecture.md, "The data layer"): elsewhere no
    // file imports the Prisma client (or its Prisma namespace) and no code reaches through a `prisma`
    // or `tx` handle; services hold the handle as a `Database` (src/lib/database.ts) and pass it on.
    files: ["apps/api/src/**/*.ts"],
    ignores: API_DATA_LAYER,
    plugins: { odin },
    rules: {
      "no-restricted-syntax": [
        "error",
        ...PRISMA_CLIENT_IMPORTS.map((selector) => ({ selector, message: PRISMA_IMPORT_MESSAGE })),
        ...PRISMA_HANDLE_USES.map((selector) => ({ selector, message: PRISMA_MESSAGE })),
      ],
      // Issue 39 item 2: by the value's type, whatever the variable is called (scripts/eslint/).
      "odin/database-handle": "error",
    },
  },
  {
    // Only routes and plugins (and the app they are assembled into) see Fastify: services and
    // repositories take an Actor (src/access/actor.ts), jobs and the alert bus a plain Logger.
    files: ["apps/api/src/**/*.ts"],
    ignores: API_HTTP_LAYER,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["fastify", "fastify-*", "@fastify/*"],
              message:
                "Only routes and plugins see Fastify: services take (deps, actor, input), see src/access/actor.ts.",
            },
            {
              group: ["**/plugins/*"],
              message:
                "Only routes and plugins see Fastify: services take (deps, actor, input), see src/access/actor.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 39 item 2: routes receive services. A route plugin gets its module's service object from the
    // composition root (src/composition/), so it imports no repository and holds no database handle.
    files: ["apps/api/src/**/*.routes.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/*.repository", "**/lib/database"],
              message:
                "Routes receive services: call the module's service (its *.services.ts, built in src/composition/), not a repository or the database.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/test/**/*.ts", "**/*.test.ts", "**/*.test.tsx", "e2e/**/*.ts"],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      // Tests read JSON answers (`any`) and assert on them: the assertions are the type check.
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
);
