import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import { logger } from "~/core/logs/logger.server";
import { MAIL_JOB_TYPES, queueMail } from "~/mail/outbox.server";
import { renderMail } from "~/mail/message";
import { siteConfig } from "~/site/config";
import { alertChanges, FAILING_WINDOW_MS, opsConditions, type OpsCondition, type OpsFacts } from "./alerts";
import { backupFolder, lastBackup } from "./backup/service.server";
import { recoverInterruptedBackups } from "./backup/lease.server";

import { ownerAddress } from "./disk-alert.server";
import { diskUse } from "./disk.server";

/** What the checks read: the job queue, the last backup, the data folder's disk. */
async function gatherOpsFacts(): Promise<OpsFacts> {
  const db = getDb();
  const j = schema.jobs;
  const [mail] = await db
    .select({ oldest: sql<string | null>`min(${j.createdAt})` })
    .from(j)
    .where(and(inArray(j.type, MAIL_JOB_TYPES), inArray(j.state, ["queued", "running"])));
  const dead = await db
    .select({ type: j.type, n: sql<number>`count(*)::int` })
    .from(j)
    .where(and(eq(j.state, "dead"), gte(j.finishedAt, new Date(Date.now() - FAILING_WINDOW_MS))))
    .groupBy(j.type);
  let diskUsed: number | null;
  try {
    diskUsed = diskUse(getEnv().DATA_DIR);
  } catch {
    diskUsed = null; // a folder that cannot be read is the doctor's to report
  }
  const backup = await lastBackup();
  return {
    oldestWaitingMailMs: mail?.oldest ? Date.now() - new Date(mail.oldest).getTime() : null,
    deadJobsByType: Object.fromEntries(dead.map((row) => [row.type, Number(row.n)])),
    lastBackup: backup ? { status: backup.status, error: backup.error } : null,
    diskUsed,
  };
}

function alertMail(fresh: readonly OpsCondition[], all: readonly OpsCondition[]) {
  const others = all.filter((c) => !fresh.includes(c));
  return renderMail(
    `${siteConfig.name} web site: ${fresh.length === 1 ? "something needs" : `${fresh.length} things need`} your attention`,
    [
      { kind: "paragraph", text: "The web site's checks found:" },
      ...fresh.map((c) => ({ kind: "paragraph" as const, text: `• ${c.detail}` })),
      ...(others.length ? [{ kind: "paragraph" as const, text: `Still open from before: ${others.map((c) => c.detail).join(" ")}` }] : []),
      {
        kind: "paragraph",
        text: "The admin's System section shows the details; `npm run doctor` on the server checks the configuration. You get one e-mail per new problem, not one per event.",
      },
    ],
  );
}

/**
 * Runs the checks (every 10 minutes, and after a failed backup) and e-mails the owner once about what is
 * new; a condition stays notified (ops_alerts) until it clears. The job runner runs each check once across
 * instances; checks that run at once mail a condition once, through its row's insert.
 */
export async function checkOpsAlerts(): Promise<void> {
  // A backup whose process is gone (its lease ran out) is failed, not "running" for ever.
  await recoverInterruptedBackups(backupFolder());
  const conditions = opsConditions(await gatherOpsFacts());
  const t = schema.opsAlerts;
  await getDb().transaction(async (tx) => {
    const notified = (await tx.select({ condition: t.condition }).from(t)).map((row) => row.condition);
    const { fresh, cleared } = alertChanges(conditions, notified);
    if (cleared.length > 0) await tx.delete(t).where(inArray(t.condition, cleared));
    if (fresh.length === 0) return;
    // Two checks can run at once (the schedule's and a failed backup's, or two instances'): on PostgreSQL both
    // read the same notified set. The insert decides: a row another check holds waits for it and then conflicts,
    // so each condition is mailed by the one check that inserted it.
    const inserted = await tx.insert(t).values(fresh).onConflictDoNothing().returning({ condition: t.condition });
    const claimed = fresh.filter((c) => inserted.some((row) => row.condition === c.condition));
    if (claimed.length === 0) return;
    const owner = await ownerAddress(tx);
    if (!owner) return;
    await queueMail(tx, { purpose: "ops-alert", to: owner, content: alertMail(claimed, conditions) });
    logger.warn({ conditions: claimed.map((c) => c.condition) }, "owner alerted");
  });
}
