/**
 * The shape of the house, checked by `npm run lint` (docs/decisions/0005-feature-folders.md): no import
 * cycles; app/core knows no feature; the site chrome (app/site, app/components) knows no feature; server/
 * reaches features only through app/core and the composition roots (app/*.server.ts, which wire the
 * features together at start). Feature folders are every folder of app/ but these shared ones.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Import cycles make load order matter and tangle features; break the cycle by moving what both need.",
      from: {},
      to: { circular: true },
    },
    {
      name: "core-imports-no-feature",
      severity: "error",
      comment: "app/core is used by every feature and knows none of them.",
      from: { path: "^app/core/" },
      to: { path: "^app/", pathNot: "^app/(core|db)/" },
    },
    {
      name: "chrome-imports-no-feature",
      severity: "error",
      comment: "app/site and app/components (the site's chrome) import no feature folder; a feature passes what they show.",
      // Tests may check the chrome against the route table.
      from: { path: "^app/(site|components)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^app/", pathNot: "^app/(core|db|site|components)/" },
    },
    {
      name: "server-through-core",
      severity: "error",
      comment: "server/ reaches features only through app/core and what the composition roots (app/*.server.ts) give it at start.",
      from: { path: "^server/" },
      to: { path: "^app/", pathNot: [`^app/(core|db)/`, "^app/[^/]+\\.server\\.ts$"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|data|node_modules|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"], extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"] },
  },
};
