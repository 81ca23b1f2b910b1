import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The shape of the house (docs/decisions/0005-feature-folders.md): features live in app/<feature>/,
// app/core/ knows no feature, routes never touch the database, browser code never imports *.server.
const FEATURES = ["admin", "auth", "blog", "discoverability", "forms", "mail", "search", "site", "venues"];
const serverOnly = { group: ["**/*.server", "**/*.server.ts"], message: "Browser code must not import a *.server module.", allowTypeImports: true };

export default tseslint.config(
  { ignores: ["build/", "data/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "reports/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/core/db.server", "~/db/**", "drizzle-orm", "drizzle-orm/**"], message: "Routes call a feature's service; they never touch the database." },
          ],
        },
      ],
    },
  },
  {
    // Modules that reach the browser: components and pure modules (routes are split by React Router,
    // which keeps loaders and actions, and what only they import, on the server).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/routes/**", "app/**/*.server.ts", "app/**/*.server.tsx", "app/**/*.test.ts", "app/entry.server.tsx", "app/root.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [serverOnly] }] },
  },
  // After the browser rule: for a file both rules match, the later block's list is the one used.
  ...[false, true].map((serverFile) => ({
    files: serverFile ? ["app/core/**/*.server.ts"] : ["app/core/**/*.{ts,tsx}"],
    ignores: serverFile ? [] : ["app/core/**/*.server.ts", "app/core/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [...FEATURES.map((f) => `~/${f}/**`), "~/routes/**", "~/components/**"],
              message: "app/core/ is used by every feature and knows none of them.",
            },
            ...(serverFile ? [] : [serverOnly]),
          ],
        },
      ],
    },
  })),
);
