import { addServerErrorObserver, type ServerErrorReport } from "~/core/logs/error-observers";
import { currentRelease } from "~/core/instance/release.server";
import type { Env } from "~/core/instance/env.server";
import { startSentry, stopSentry } from "./sentry.server";
import { registerErrorJobs } from "./jobs.server";
import { recordInBackground } from "./capture.server";
import { browserFamily, pathOnly, type ErrorEvent } from "./event";
import { isOutsideAnswer } from "./issue-rules";

/** A server error as an event: its type, message and stack, the request's path and id (or the job's type). */
function serverEvent(report: ServerErrorReport, now = new Date()): ErrorEvent {
  const error = report.error instanceof Error ? report.error : new Error(String(report.error));
  const type = error.name && error.name !== "Error" ? error.name : error.constructor?.name || "Error";
  const message = error.message || type;
  // The stack's first line says "Error: …" for a subclass that keeps Error's name: say its type instead.
  const stack = (error.stack ?? "").replace(/^Error: /, `${type}: `);
  return {
    kind: "server",
    type,
    message,
    stack,
    page: report.source === "job" ? `job ${report.where ?? ""}`.trim() : pathOnly(report.where),
    browser: report.source === "request" ? browserFamily(report.userAgent) : null,
    requestId: report.requestId ?? null,
    release: currentRelease(),
    occurredAt: now,
  };
}

/** Wired at start (app/startup.server.ts): the server's errors recorded, the owners' alerts sent. */
export async function startErrors(env: Env): Promise<() => Promise<void>> {
  registerErrorJobs();
  await startSentry(env.SENTRY_DSN, currentRelease());
  const stop = addServerErrorObserver((report) => {
    if (report.source === "job" && isOutsideAnswer(report.error)) return;
    recordInBackground(serverEvent(report));
  });
  return async () => {
    stop();
    await stopSentry();
  };
}
