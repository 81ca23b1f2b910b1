import { createServer, type RequestListener, type Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { DataDirLockedError } from "~/core/instance/data-dir-lock.server";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  errorMessage,
  isDatabaseUnavailable,
} from "~/core/logs/database-error";
import { FirstStartError } from "~/core/database/pglite-init.server";
import { openDatabase, pingDatabase } from "~/core/database/db.server";
import { EnvError, loadEnv, localSiteUrl, type Env } from "~/core/instance/env.server";
import { boundedError, loggedText, logger } from "~/core/logs/logger.server";
import { hasResponseObservers } from "~/core/http/response-observers";
import { notifyServerError } from "~/core/logs/error-observers";
import type { ServerHooks } from "~/core/http/server-hooks";
import { writeServerAddress } from "~/core/instance/server-address.server";
import { runStartupTasks, serverHooks } from "~/startup.server";
// The operator's command (scripts/admin.mjs) runs from the same build as the server.
export { runAdminCommand, runOpsCommand } from "~/startup.server";
import { printLast } from "./console-notice";
import { edgeTags } from "./edge-tags";
import { diskShortageAtStart, healthOf, refuseWritesOnFullDisk } from "./disk-guard";
import { frontCache, isFrontCacheCapture } from "./front-cache";
import { pagePolicies, type PagePolicy } from "./page-policies";
import { observeAnswer, requestIdOf, type TrustProxy } from "./plain-answers";
import { privateAnswers } from "./private-answers";
import { beaconsFirst } from "./beacons-first";
import { oneDrainListener } from "./one-drain-listener";
import { redirectsFirst } from "./redirects-first";
import { stopOnSignals } from "./shutdown";
import { answerClientError, requestGuards } from "./request-guards";
import { bodyLimit, cspNonce, rejectCrossSiteWrites } from "./security";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * The Express app: the development server gives `vite`, production the built `build` (an object, not a
 * function: React Router re-derives its routes, data routes and matcher for every request when `build` is a
 * function, which it supports for hot reloading; at 108 routes that was ~20% of a page render's time).
 */
export function createApp(
  env: Env,
  hooks: ServerHooks,
  options:
    | { vite: ViteDevServer; policyOf?: undefined; build?: undefined }
    | { vite?: undefined; policyOf: (pathname: string) => PagePolicy; build: ServerBuild },
) {
  const { vite, policyOf } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = requestIdOf(req);
        res.setHeader("X-Request-Id", id);
        return id;
      },
      // A write refused for want of disk space (507) is counted and said once a minute (server/disk-guard.ts),
      // not one error with a stack per write.
      customLogLevel: (_req, res, err) =>
        res.statusCode === 507 ? "silent" : err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
      autoLogging: { ignore: (req) => req.url === "/healthz" || Boolean(req.url?.startsWith("/assets/")) },
      serializers: {
        req: (req) => ({ id: req.id, method: loggedText(req.method, 20), url: loggedText(req.url) }),
        res: (res) => ({ statusCode: res.statusCode }),
        err: boundedError,
      },
    }),
  );

  app.use((req, res, next) => {
    res.locals.cspNonce = cspNonce();
    if (hasResponseObservers()) {
      const started = performance.now();
      res.once("finish", () =>
        observeAnswer(req, {
          path: req.path,
          status: res.statusCode,
          ip: req.ip ?? req.socket.remoteAddress ?? "",
          cacheHit: res.getHeader("x-cache") === "HIT",
          started,
        }),
      );
    }
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`, "'strict-dynamic'"],
          // The editors' Markdown preview renders on a Web Worker of ours (app/core/markdown/markdown-preview.client.ts);
          // under 'strict-dynamic' script-src's 'self' does not cover workers.
          workerSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Pictures are ours (uploads, venue images); the map tiles come from exactly the tile host.
          imgSrc: ["'self'", "data:", "blob:", ...hooks.imageSources],
          connectSrc: ["'self'", ...(vite ? ["ws:"] : [])],
          fontSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: env.SITE_URL.startsWith("https:") ? [] : null,
        },
      },
      strictTransportSecurity: env.SITE_URL.startsWith("https:"),
      crossOriginEmbedderPolicy: false,
      // Only the admin's pages isolate their window (privateAnswers below): on public pages COOP made
      // Chromium start a new renderer process for every fresh navigation (decision record 0015).
      crossOriginOpenerPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      xFrameOptions: { action: "deny" },
    }),
  );
  app.use(requestGuards());
  const compress = compression();
  // A page the front cache keeps is compressed there (brotli and gzip, once): compression's wrapping of
  // the response would only cost each new search its allocations.
  app.use((req, res, next) => (isFrontCacheCapture(req) ? next() : compress(req, res, next)));
  app.use(oneDrainListener());

  app.get("/healthz", async (_req, res) => {
    const health = healthOf(await pingDatabase());
    res.set("Cache-Control", "no-store");
    res.status(health.status).json(health.body);
  });
  app.use(refuseWritesOnFullDisk(hooks.writesOnFullDisk));

  // Operations on this machine (app/ops): before the cross-site check, which a command sends no Origin for.
  for (const route of hooks.operationRoutes) app[route.method](route.path, route.handler);

  app.use(rejectCrossSiteWrites(env));
  app.use(bodyLimit());

  if (vite) {
    app.use(vite.middlewares);
  } else {
    const clientDir = path.join(rootDir, "build/client");
    // Hashed assets never change under their name: cache them for a year.
    // Source maps stay on the server (app/errors reads them to map stacks): a .map is never served, so it
    // falls through to the router's 404 (decision record 0074).
    const assets = express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false });
    app.use("/assets", (req, res, next) => (req.path.endsWith(".map") ? next() : assets(req, res, next)));
    // Other public files all have an extension; page addresses skip the disk lookup.
    const publicFiles = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (path.extname(req.path) && !req.path.endsWith(".map") ? publicFiles(req, res, next) : next()));
  }

  // Tags and edge lifetime first: private-answers' wrapper runs before it, so its private is seen (./edge-tags.ts).
  if (policyOf) app.use(edgeTags(policyOf), privateAnswers(policyOf, hooks.personalCookies));

  app.use(
    createRequestHandler({
      build: vite ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild> : options.build!,
      mode: vite ? "development" : "production",
      getLoadContext: (req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        requestId: String(req.id),
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
      }),
    }),
  );

  app.use(((err, req, res, _next) => {
    const unavailable = isDatabaseUnavailable(err);
    if (unavailable) req.log?.warn({ error: errorMessage(err) }, "the database is unavailable: answered 503");
    else {
      req.log?.error({ err }, "unhandled error");
      notifyServerError({
        source: "request",
        error: err,
        requestId: String(req.id),
        where: req.path,
        userAgent: req.get("user-agent") ?? null,
      });
    }
    if (res.headersSent) return res.end();
    if (unavailable) res.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    const status = unavailable ? 503 : typeof err?.status === "number" && err.status >= 400 && err.status < 600 ? err.status : 500;
    const message = unavailable
      ? DATABASE_UNAVAILABLE_MESSAGE
      : status >= 500
        ? "Something went wrong on our side. Please try again."
        : (err.message ?? "Bad request");
    res.status(status).json({ success: false, message });
  }) as express.ErrorRequestHandler);

  return app;
}

/** Starts the whole site: configuration, database (migrated), first admin, HTTP, clean shutdown; redirect rules first (./redirects-first.ts), then beacons (./beacons-first.ts). */
export async function start(options: { vite?: ViteDevServer } = {}): Promise<Server> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  // Handlers go in first, so a SIGTERM during start-up still closes the database cleanly.
  const http = stopOnSignals(env);

  const shortage = diskShortageAtStart(env);
  if (shortage) {
    process.stderr.write(`${shortage}\n`);
    process.exit(1);
  }
  try {
    await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR) });
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof FirstStartError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const hooks = serverHooks(env);
  const setupNotice = await hooks.ensureFirstAdmin();
  await runStartupTasks(env);

  let listener: RequestListener;
  let trustProxy: TrustProxy;
  if (options.vite) {
    const app = createApp(env, hooks, { vite: options.vite });
    listener = app;
    trustProxy = app.get("trust proxy fn") as typeof trustProxy;
  } else {
    // eslint-disable-next-line @typescript-eslint/ban-ts-comment
    // @ts-ignore -- a virtual module React Router provides at build time
    const build = (await import("virtual:react-router/server-build")) as ServerBuild;
    const policyOf = pagePolicies(build);
    const app = createApp(env, hooks, { policyOf, build });
    trustProxy = app.get("trust proxy fn") as typeof trustProxy;
    listener = frontCache({
      app,
      // React Router's route discovery asks its manifest path: not a page, never the 404 page's entry.
      expressPaths: new Set(["/healthz", ...hooks.operationRoutes.map((r) => r.path), build.routeDiscovery.manifestPath]),
      policyOf,
      deployId: build.assets.version,
      maxBytes: env.PAGE_CACHE_MB * 1024 * 1024,
      trustProxy,
      personalCookies: hooks.personalCookies,
    }).listener;
  }
  // Each listener before Express answers its own faults with a 500 (./plain-answers.ts), so none ends the process.
  const beaconsThenPages = beaconsFirst(hooks.beaconRoutes, { siteUrl: env.SITE_URL, trustProxy }, listener);
  // The rules' answers reach the crawler log too, with the client's address as Express would see it.
  const listening = createServer(redirectsFirst(hooks.redirectFor, beaconsThenPages, { trustProxy })).listen(env.PORT, env.HOST);
  http.server = listening;
  // Idle keep-alive connections stay open longer than a proxy keeps its own (nginx and most load balancers: 60 s),
  // so the proxy never sends a request on a socket this server is closing (a reset, a 502 for a POST). Node's
  // default, 5 s, also raced busy clients: a loaded test client got ECONNRESET on a socket closed as it wrote.
  listening.keepAliveTimeout = 65_000;
  listening.headersTimeout = 66_000;
  listening.on("clientError", answerClientError);
  await new Promise<void>((resolve, reject) => {
    listening.once("listening", resolve);
    listening.once("error", reject);
  });
  const address = listening.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ port, database: env.DATABASE_URL ? "postgres" : "pglite" }, "server listening");
  // Commands on this machine (npm run backup, doctor) find this server by its data folder, not by PORT.
  if (!env.DATABASE_URL) {
    const reach = env.HOST === "0.0.0.0" ? "127.0.0.1" : env.HOST === "::" ? "::1" : env.HOST;
    writeServerAddress(path.resolve(env.DATA_DIR), {
      pid: process.pid,
      url: localSiteUrl(reach, port),
      startedAt: new Date().toISOString(),
    });
  }
  for (const warning of hooks.configWarnings) logger.warn({ variable: warning.variable }, warning.message);
  logger.info(`Open the site at ${env.SITE_URL}/ and the admin at ${env.SITE_URL}/admin`);
  // The last lines a newcomer reads, framed: the owner's one-time setup link.
  if (setupNotice) printLast(setupNotice);

  return listening;
}
