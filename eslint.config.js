import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { oneWayPlugin } from "./eslint/one-way.js";
import { MOCKING_UNIT_FILES } from "./tests/unit-isolated.js";

// "no-restricted-syntax" takes one list per file: a later block's list replaces an earlier one's, so each block of
// the tests names every restriction that applies to it, from these.
// The tests' one polling helper (tests/support/eventually.ts): no hand-written wait in a loop.
const waitInALoop = {
  selector: ":matches(ForStatement, WhileStatement, DoWhileStatement) CallExpression[callee.name='setTimeout']",
  message: "Wait for a condition with eventually() or waitFor() (tests/support/eventually.ts).",
};
// In files that share their worker's modules, a module replaced with vi.mock would stay replaced for the next file.
const replacedModule = (message) => ({
  selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubEnv)$/]",
  message,
});

// Two rules of the house (docs/decisions/0005-feature-folders.md): routes never touch the database, browser
// code never imports *.server. Which folder may import which (app/core knows no feature, each feature only
// those on floors below it) is checked by dependency-cruiser (.dependency-cruiser.cjs), in `npm run lint` too.
const serverOnly = {
  group: ["**/*.server", "**/*.server.ts"],
  message: "Browser code must not import a *.server module.",
  allowTypeImports: true,
};
// Node's own modules belong in *.server modules: a file without the suffix may be bundled for the browser.
const nodeOnly = {
  group: ["node:*"],
  message: "Import Node's modules only in a *.server module (or a test, script or config).",
  allowTypeImports: true,
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "data/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "reports/",
      "tests/vendor/eleventy-starter-ghost/",
    ],
  },
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
            {
              group: ["~/core/database/db.server", "~/db/**", "drizzle-orm", "drizzle-orm/**"],
              message: "Routes call a feature's service; they never touch the database.",
            },
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
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [serverOnly, nodeOnly] }] },
  },
  {
    // Route modules: React Router keeps loaders and actions on the server, but what a route needs from Node
    // still goes through a feature's *.server service, which keeps it out of the route's browser chunk.
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["node:*"], message: nodeOnly.message }] }],
    },
  },
  {
    // One way for each thing (decision record 0085, eslint/one-way.js): one maker and hasher of secrets, one
    // Set-Cookie builder, rowsOf for raw rows, nextTurn() to yield, bounded Markdown, events to webhooks
    // wired at start, each feature's jobs in its own jobs.server.ts.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["**/*.test.ts"],
    plugins: { clink: oneWayPlugin },
    rules: { "clink/one-way": "error" },
  },
  {
    // The tests' one polling helper (tests/support/eventually.ts): no hand-written wait in a loop.
    files: ["tests/**/*.ts"],
    ignores: ["tests/support/eventually.ts"],
    rules: {
      "no-restricted-syntax": ["error", waitInALoop],
    },
  },
  {
    // Unit files share their workers' modules (vitest.config.ts, `isolate: false`): a module replaced with
    // vi.mock would stay replaced for the next file. Such a file is listed in tests/unit-isolated.js and runs alone.
    files: ["app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    ignores: MOCKING_UNIT_FILES,
    rules: {
      "no-restricted-syntax": [
        "error",
        replacedModule("A unit file that replaces a module runs isolated: list it in tests/unit-isolated.js."),
      ],
    },
  },
  {
    // Integration files share their workers' modules too (tests/support/file-boundary.ts): none may replace a module.
    files: ["tests/integration/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        waitInALoop,
        replacedModule("Integration files share their workers' modules: a replaced module would stay replaced for the next file."),
      ],
    },
  },
  {
    // A time limit in a browser test is a safety net grown on a slow machine (tests/e2e/time-limits.ts,
    // decision record 0053): a number written as a limit must go through scaled().
    files: ["tests/e2e/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        waitInALoop,
        {
          selector: "Property[key.name='timeout'] > Literal[value>0]",
          message: "Write a browser test's time limit as scaled(ms) (tests/e2e/time-limits.ts).",
        },
      ],
    },
  },
);
