import type * as SentryNode from "@sentry/node";
import { logger } from "~/core/logs/logger.server";
import type { ErrorEvent } from "./event";
import { parseStack } from "./fingerprint";

/**
 * The optional DSN (decision record 0076): with SENTRY_DSN set, each recorded error event (browser ones
 * too, through this server: no third-party script on the site) is also sent to Sentry or GlitchTip as a
 * Sentry envelope by Sentry's official Node SDK, with its mapped stack. The SDK is loaded only then, with
 * no default integrations (it watches nothing itself, sends no personal data); without a DSN nothing leaves.
 */
type SentryModule = typeof SentryNode;
let sentry: SentryModule | null = null;

export async function startSentry(dsn: string | undefined, release: string): Promise<void> {
  if (!dsn) return;
  sentry = await import("@sentry/node");
  sentry.init({ dsn, release, defaultIntegrations: false, sendDefaultPii: false });
  logger.info("error events are also sent to the SENTRY_DSN");
}

export function forwardToSentry(event: ErrorEvent, mappedStack: string): void {
  if (!sentry) return;
  const frames = parseStack(mappedStack)
    .reverse()
    .map((f) => ({
      filename: f.file,
      function: f.fn,
      lineno: f.line ?? undefined,
      colno: f.column ?? undefined,
      in_app: /^(app|server)\//.test(f.file),
    }));
  sentry.captureEvent({
    level: "error",
    platform: event.kind === "browser" ? "javascript" : "node",
    release: event.release,
    timestamp: event.occurredAt.getTime() / 1000,
    exception: { values: [{ type: event.type, value: event.message, stacktrace: frames.length ? { frames } : undefined }] },
    tags: { kind: event.kind, ...(event.page ? { page: event.page } : {}), ...(event.browser ? { browser: event.browser } : {}) },
    ...(event.requestId ? { extra: { requestId: event.requestId } } : {}),
  });
}

export async function stopSentry(): Promise<void> {
  await sentry?.close(2000);
}
