import type { RequestHandler } from "express";
import { backupToFolder } from "./backup/service.server";
import { isLocalRequest } from "./local-request";
import { metricsHandler } from "./metrics.server";
import { isLocalToken, LOCAL_TOKEN_HEADER } from "./local-token.server";

/**
 * POST /_ops/backup: `npm run backup` on the machine asks the running server, which holds PGlite's
 * folder, to take the backup. Only from this machine, with the token the server keeps in its data folder.
 */
function opsBackupHandler(): RequestHandler {
  return async (req, res) => {
    res.set("Cache-Control", "no-store");
    if (!isLocalRequest(req.ip, req.headers) || !isLocalToken(req.get(LOCAL_TOKEN_HEADER))) {
      res.status(403).json({ success: false, message: "Only the machine's own backup command may ask for this." });
      return;
    }
    try {
      res.json(await backupToFolder("command"));
    } catch (error) {
      res.status(500).json({ success: false, message: error instanceof Error ? error.message : "backup failed" });
    }
  };
}

/** The operations endpoints the HTTP server mounts (app/core/http/server-hooks.ts). */
export function operationRoutes() {
  return [
    { method: "post" as const, path: "/_ops/backup", handler: opsBackupHandler() },
    { method: "get" as const, path: "/metrics", handler: metricsHandler() },
  ];
}
