// One lint configuration for the workspace: typed rules (no floating promises) everywhere,
// React hooks rules in the web app, and process.env readable only by the API's config/env.ts.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
