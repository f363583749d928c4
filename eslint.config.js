// One lint configuration for the workspace: typed rules (no floating promises) everywhere,
// React hooks rules in the web app, and process.env readable only by the API's config/env.ts.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
            patterns: others.map((other) => ({
              group: [
                `@/features/${other}`,
                `@/features/${other}/**`,
                `**/features/${other}`,
                `**/features/${other}/**`,
                `../**/${other}/**`,
              ],
              message: `Features do not import each other (${feature} → ${other}): move what both need to components/ or lib/, or compose them in app/.`,
            })),
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
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
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
    // Services and repositories take an Actor (src/auth/actor.ts), never a request: no Fastify in them.
    files: ["apps/api/src/**/*.service.ts", "apps/api/src/**/*.repository.ts", "apps/api/src/auth/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["fastify", "fastify-*", "@fastify/*"],
              message: "Services take (deps, actor, input): see src/auth/actor.ts.",
            },
            {
              group: ["**/plugins/*"],
              message: "Services take (deps, actor, input): see src/auth/actor.ts.",
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
