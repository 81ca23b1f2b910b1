/**
 * The shape of the house, checked by `npm run lint` (docs/decisions/0005-feature-folders.md): no import
 * cycles; each folder of app/ stands on a floor and imports only folders on the floors below it; server/
 * reaches features only through app/core and the composition roots (app/*.server.ts, which wire the
 * features together at start). Above every floor: app/routes and the files at the top of app/ (routes.ts,
 * root.tsx, startup.server.ts, admin-sections.ts ...), which compose the features and may import any.
 */

/**
 * The floors of app/, from the ground up. The first ones are the shared ground, each with its own rule below:
 * the database schema, app/core (used by every feature, knows none), the site's chrome (app/site,
 * app/components), and the admin kit (app/admin: frame, API client, fields, list controls, the dashboard's
 * frame), which every feature's admin panel uses and which therefore knows no feature.
 */
const GROUND = ["db", "core", "site", "components", "admin"];
/**
 * The features, floor by floor: a feature imports the ground and features on LOWER floors only, never one on
 * its own floor or above. A new feature folder is placed here (lint fails until it is: see feature-has-a-floor).
 * content-versions.server.ts (a file) is the page cache's table of the blog's and venues' versions: it
 * stands above them, and the discoverability's page Markdown reads it.
 */
const FEATURE_FLOORS = [
  // redirects: the rules knows only core; the blog (a renamed tag or author) and the sitemaps use them.
  // webhooks: signed deliveries; the blog, the forms, the privacy erasure and the lists queue them.
  // install: the path to an install (store links, /get, app links); the public pages' beacon script runs its links.
  ["mail", "redirects", "webhooks", "install"],
  // errors (issue 53): browser and server errors grouped; its alert e-mail goes through the mail outbox.
  // cdn (issue 52): purging changed pages at the CDN; its alert e-mail goes through the mail outbox too.
  ["privacy", "auth", "ops", "venues", "errors", "cdn"],
  ["forms", "blog"],
  // Mail that arrives (issue 51): the suppression list, bounces and complaints, DKIM and the domain's DNS;
  // the mail feature asks it through hooks set at start, the lists listen to it.
  ["deliverability"],
  // The mailing lists (issue 33): the public forms' gate and mail budget, the blog's go-live, the privacy erasure.
  ["audience"],
  ["content-versions.server.ts"],
  ["search", "discoverability", "integrations"],
  ["analytics"],
];
const TOP = ["routes"];

/**
 * The rooms of the two largest folders, floor by floor from the ground (docs/architecture.md, "Rooms";
 * decision record 0096): a room imports only rooms on lower floors of its folder, never one on its own floor
 * or above, and every module of the folder is in a room (app/blog/jobs.server.ts, the blog's jobs, stands
 * above them: lint's one-way rule wants each feature's jobs in its own jobs.server.ts).
 */
const ROOM_FLOORS = {
  core: [["logs", "text", "network", "secrets"], ["instance"], ["database"], ["limits"], ["markdown", "jobs", "http"], ["caches"]],
  blog: [["post"], ["media"], ["reading"], ["writing"], ["editor", "transfer"]],
};
const ABOVE_THE_ROOMS = { blog: ["jobs.server.ts"] };
const roomRules = Object.entries(ROOM_FLOORS).flatMap(([folder, floors]) => [
  ...floors.flatMap((floor, level) => {
    const below = floors.slice(0, level).flat();
    return floor.map((room) => ({
      name: `${folder}-${room}-imports-only-lower-rooms`,
      severity: "error",
      comment: `app/${folder}/${room} stands on floor ${level + 1} of app/${folder} (.dependency-cruiser.cjs, ROOM_FLOORS): of app/${folder}, it imports only ${below.length > 0 ? below.map((r) => `${r}/`).join(", ") : "its own room"}.`,
      from: { path: `^app/${folder}/${room}/` },
      to: { path: `^app/${folder}/`, pathNot: `^app/${folder}/(${[room, ...below].join("|")})/` },
    }));
  }),
  {
    name: `${folder}-module-in-a-room`,
    severity: "error",
    comment: `Every module of app/${folder} is in a room: put a new one in the room of its meaning, or name a new room in ROOM_FLOORS (.dependency-cruiser.cjs).`,
    from: {
      path: `^app/${folder}/`,
      pathNot: `^app/${folder}/(${[...floors.flat().map((r) => `${r}/`), ...(ABOVE_THE_ROOMS[folder] ?? []).map((f) => `${f.replaceAll(".", "\\.")}$`)].join("|")})`,
    },
    to: {},
  },
]);

/** A name under app/: a folder ("blog" is app/blog/...) or a file ("content-versions.server.ts"). */
const place = (name) => (name.includes(".") ? `${name.replaceAll(".", "\\.")}$` : `${name}/`);
const folders = (names) => `^app/(${names.map(place).join("|")})`;
const floorRules = FEATURE_FLOORS.flatMap((floor, level) => {
  const below = [...GROUND, ...FEATURE_FLOORS.slice(0, level).flat()];
  return floor.map((feature) => ({
    name: `${feature.replace(/\..*/, "")}-imports-only-lower-floors`,
    severity: "error",
    comment: `app/${feature} stands on feature floor ${level + 1} (.dependency-cruiser.cjs, FEATURE_FLOORS): it imports only ${below.map((f) => `app/${f}`).join(", ")}.`,
    from: { path: folders([feature]) },
    to: { path: "^app/", pathNot: folders([feature, ...below]) },
  }));
});

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
      to: { path: "^app/", pathNot: folders(["core", "db"]) },
    },
    {
      name: "chrome-imports-no-feature",
      severity: "error",
      comment: "app/site and app/components (the site's chrome) import no feature folder; a feature passes what they show.",
      // Tests may check the chrome against the route table.
      from: { path: "^app/(site|components)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^app/", pathNot: folders(["core", "db", "site", "components"]) },
    },
    {
      name: "admin-kit-imports-no-feature",
      severity: "error",
      comment:
        "app/admin is the kit every feature's admin panel uses (frame, API client, fields, list controls): it imports no feature. The admin's sections are named at the top, in app/admin-sections.ts.",
      from: { path: "^app/admin/" },
      to: { path: "^app/", pathNot: folders(["core", "db", "site", "components", "admin"]) },
    },
    ...floorRules,
    ...roomRules,
    {
      name: "feature-has-a-floor",
      severity: "error",
      comment: "Every folder of app/ stands on a floor: name a new feature folder in FEATURE_FLOORS (.dependency-cruiser.cjs).",
      from: { path: "^app/[^/]+/", pathNot: folders([...GROUND, ...FEATURE_FLOORS.flat(), ...TOP]) },
      to: { path: "^app/" },
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
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
