import { digestOf } from "~/core/secrets/digest.server";
import { and, eq, lt, sql } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import { enqueueJob } from "~/core/jobs/jobs.server";
import { logger } from "~/core/logs/logger.server";
import { MAX_MESSAGE_CHARS, MAX_STACK_CHARS, type ErrorEvent } from "./event";
import { fingerprint } from "./fingerprint";
import { mapStack } from "./source-maps.server";
import { forwardToSentry } from "./sentry.server";
import { countedIn, PAGES_KEPT, BROWSERS_KEPT, reopens } from "./issue-rules";

/** An issue keeps at most this many events (the newest); its count goes on. */
const EVENTS_KEPT_PER_ISSUE = 200;
export const ALERT_JOB = "errors.alert";

/**
 * Stores one error event: grouped into its issue by fingerprint (counted, pages and browsers merged, the
 * sample stack mapped to our sources when the issue is new), reopened when a resolved issue comes back in
 * another release, and an alert e-mail queued for a new (or reopened) issue. One transaction, the issue's
 * row locked, so instances counting the same issue at once add up.
 */
async function recordErrorEvent(event: ErrorEvent): Promise<{ issueId: number; isNew: boolean }> {
  const stack = event.stack.slice(0, MAX_STACK_CHARS);
  const mapped = await mapStack(stack);
  const key = digestOf(fingerprint(event.kind, event.type, event.message, mapped), "hex");
  const issues = schema.errorIssues;
  forwardToSentry(event, mapped);
  return getDb().transaction(async (tx) => {
    const inserted = await tx
      .insert(issues)
      .values({
        fingerprint: key,
        kind: event.kind,
        type: event.type.slice(0, 100),
        message: event.message.slice(0, MAX_MESSAGE_CHARS),
        count: 1,
        firstSeen: event.occurredAt,
        lastSeen: event.occurredAt,
        firstRelease: event.release,
        release: event.release,
        pages: event.page ? { [event.page]: 1 } : {},
        browsers: event.browser ? { [event.browser]: 1 } : {},
        sampleStack: mapped,
      })
      .onConflictDoNothing({ target: issues.fingerprint })
      .returning({ id: issues.id });
    let issueId: number;
    let isNew = inserted.length === 1;
    if (isNew) issueId = inserted[0]!.id;
    else {
      const [issue] = await tx.select().from(issues).where(eq(issues.fingerprint, key)).for("update");
      issueId = issue!.id;
      const reopen = reopens(issue!, event.release);
      isNew = reopen;
      await tx
        .update(issues)
        .set({
          count: sql`${issues.count} + 1`,
          lastSeen: sql`greatest(${issues.lastSeen}, ${event.occurredAt.toISOString()}::timestamptz)`,
          release: event.release,
          pages: countedIn(issue!.pages, event.page, PAGES_KEPT),
          browsers: countedIn(issue!.browsers, event.browser, BROWSERS_KEPT),
          ...(reopen ? { resolved: false, resolvedAt: null, sampleStack: mapped } : {}),
        })
        .where(eq(issues.id, issueId));
    }
    const [event_] = await tx
      .insert(schema.errorEvents)
      .values({
        issueId,
        occurredAt: event.occurredAt,
        page: event.page,
        browser: event.browser,
        release: event.release,
        requestId: event.requestId,
      })
      .returning({ id: schema.errorEvents.id });
    // Bounded: the oldest beyond the newest EVENTS_KEPT_PER_ISSUE go (every 50th insert looks).
    if (event_!.id % 50 === 0) {
      const events = schema.errorEvents;
      await tx
        .delete(events)
        .where(
          and(
            eq(events.issueId, issueId),
            lt(
              events.id,
              sql`(select id from ${events} where ${events.issueId} = ${issueId} order by id desc offset ${EVENTS_KEPT_PER_ISSUE - 1} limit 1)`,
            ),
          ),
        );
    }
    if (isNew)
      await enqueueJob(tx, ALERT_JOB, { issueId }, { idempotencyKey: `errors-alert-${issueId}-${Math.floor(Date.now() / 3_600_000)}` });
    return { issueId, isNew };
  });
}

/** For the observers: records without ever throwing (a failure to record is a warning in the log). */
export function recordInBackground(event: ErrorEvent): void {
  recordErrorEvent(event).catch((error: unknown) => logger.warn({ error: String(error).slice(0, 300) }, "could not record an error event"));
}
