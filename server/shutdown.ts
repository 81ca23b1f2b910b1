import type { Server } from "node:http";
import path from "node:path";
import { closeDatabase } from "~/core/database/db.server";
import type { Env } from "~/core/instance/env.server";
import { removeServerAddress } from "~/core/instance/server-address.server";
import { logger } from "~/core/logs/logger.server";
import { runShutdownTasks } from "~/startup.server";

/**
 * A clean stop on SIGTERM or SIGINT: in-flight requests finish (10 s at most), the shutdown tasks run and the
 * database closes. Installed before anything starts; the server is set on the returned holder once it listens.
 */
export function stopOnSignals(env: Env): { server?: Server } {
  const http: { server?: Server } = {};
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.warn("in-flight requests did not finish in 10 s; closing anyway");
      http.server?.closeAllConnections();
    }, 10_000);
    force.unref();
    const finish = async () => {
      if (!env.DATABASE_URL) removeServerAddress(path.resolve(env.DATA_DIR));
      await runShutdownTasks().catch((error: unknown) => logger.error({ err: error }, "shutdown task failed"));
      await closeDatabase();
      logger.info("database closed; bye");
      process.exit(0);
    };
    if (http.server) {
      http.server.close(() => void finish());
      http.server.closeIdleConnections();
    } else {
      void finish();
    }
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  return http;
}
