import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * "One way for each thing" (issue 49, decision record 0085): each entry is a way the house does something
 * once, the AST pattern of doing it a second time, and the files that are that one way. Patterns are
 * esquery selectors, as no-restricted-syntax takes, but each with its own exceptions (no-restricted-syntax
 * has one list of files for all its selectors, and a later block would replace an earlier one's).
 */
const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

export const ONE_WAYS = [
  {
    message: "Make a secret id or token with newSecretToken() (app/core/secrets/secret-token.server.ts).",
    selectors: ["CallExpression[callee.property.name='toString'][callee.object.callee.name='randomBytes']"],
    allowed: ["app/core/secrets/secret-token.server.ts"],
  },
  {
    message:
      "Hash a secret with hashSecret() (app/core/secrets/secret-token.server.ts), anything else with digestOf() (app/core/secrets/digest.server.ts).",
    selectors: ["CallExpression[callee.name='createHash']", "CallExpression[callee.property.name='createHash']"],
    // Backups hash a stream as they read it.
    allowed: ["app/core/secrets/digest.server.ts", "app/ops/backup/dump.server.ts", "app/ops/backup/restore.server.ts"],
  },
  {
    message: "Build a Set-Cookie with setCookie() (app/core/http/cookies.server.ts): HttpOnly, SameSite and Secure in one place.",
    selectors: [
      "Literal[value=/HttpOnly|SameSite=/i]",
      "TemplateElement[value.raw=/HttpOnly|SameSite=/i]",
      "ImportDeclaration[source.value='cookie'] ImportSpecifier[imported.name=/^(serialize|stringifySetCookie)$/]",
    ],
    allowed: ["app/core/http/cookies.server.ts"],
  },
  {
    message: "Read raw rows with rowsOf<T>(db, query) (app/core/database/db.server.ts), not a cast.",
    selectors: [
      "TSAsExpression > TSTypeLiteral > TSPropertySignature[key.name='rows']",
      "MemberExpression[property.name='rows'] > AwaitExpression > CallExpression[callee.property.name='execute']",
      // A raw result kept in a variable, to read its rows a line later.
      "VariableDeclarator > AwaitExpression.init > CallExpression.argument[callee.property.name='execute']",
    ],
    allowed: ["app/core/database/db.server.ts"],
  },
  {
    message: "Let the event loop turn with nextTurn() (app/core/limits/next-turn.ts).",
    selectors: [
      "CallExpression[callee.name='setImmediate']",
      "CallExpression[callee.name='setTimeout'][arguments.length=1]",
      "CallExpression[callee.name='setTimeout'][arguments.1.value=0]",
    ],
    allowed: ["app/core/limits/next-turn.ts"],
  },
  {
    message:
      "Render Markdown with renderMarkdownBounded (server) or MarkdownPreviewPane (browser): off the main thread, within a time limit.",
    selectors: ["CallExpression[callee.name=/^renderMarkdown(Checked)?$/]"],
    allowed: [
      "app/core/markdown/markdown.ts",
      "app/core/markdown/markdown-work.server.ts",
      "app/core/markdown/markdown-preview.client.ts",
      "app/core/markdown/markdown-preview.worker.ts",
    ],
  },
  {
    message: "A feature tells its events (featureEvents, app/core/database/feature-events.ts); app/startup.server.ts makes them webhooks.",
    selectors: ["ImportDeclaration[source.value=/webhooks\\/emit(\\.server)?$/]"],
    allowed: ["app/webhooks/", "app/startup.server.ts"],
  },
  {
    message: "Define a feature's job types, schedules and lanes in its own jobs.server.ts.",
    selectors: ["CallExpression[callee.name=/^define(JobType|Schedule|JobLane)$/]"],
    allowed: [/^app\/[a-z-]+\/jobs\.server\.ts$/, "app/core/"],
  },
  {
    message: "A route's ErrorBoundary reports the render error it caught: call useReportedError(error) (app/errors/use-reported-error.ts).",
    selectors: [
      "ExportNamedDeclaration > FunctionDeclaration[id.name='ErrorBoundary']:not(:has(CallExpression[callee.name='useReportedError']))",
    ],
    allowed: [],
  },
];

const isAllowed = (file, allowed) =>
  allowed.some((rule) => (typeof rule === "string" ? file === rule || (rule.endsWith("/") && file.startsWith(rule)) : rule.test(file)));

export const oneWayPlugin = {
  rules: {
    "one-way": {
      meta: { type: "problem", schema: [] },
      create(context) {
        const file = path.relative(ROOT, context.filename).split(path.sep).join("/");
        const visitors = {};
        for (const way of ONE_WAYS) {
          if (isAllowed(file, way.allowed)) continue;
          for (const selector of way.selectors) {
            const previous = visitors[selector];
            visitors[selector] = (node) => {
              previous?.(node);
              context.report({ node, message: way.message });
            };
          }
        }
        return visitors;
      },
    },
  },
};
