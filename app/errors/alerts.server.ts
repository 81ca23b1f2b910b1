import { and, eq } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import { logger } from "~/core/logs/logger.server";
import { queueMail } from "~/mail/outbox.server";
import { renderMail } from "~/mail/message";
import { siteConfig } from "~/site/config";
import { alertDue } from "./issue-rules";

/**
 * The owners hear of a new issue (or one that came back after it was resolved) by e-mail, through the job
 * runner and the mail outbox, at most once per issue per hour: the issue's row, locked, says when they last
 * did (alerted_at), so two events, two jobs or two instances send one message.
 */
export async function sendIssueAlert(payload: { issueId: number }): Promise<void> {
  await getDb().transaction(async (tx) => {
    const issues = schema.errorIssues;
    const [issue] = await tx.select().from(issues).where(eq(issues.id, payload.issueId)).for("update");
    if (!issue || issue.resolved || !alertDue(issue.alertedAt, new Date())) return;
    const owners = await tx
      .select({ email: schema.adminUsers.email })
      .from(schema.adminUsers)
      .where(and(eq(schema.adminUsers.role, "owner"), eq(schema.adminUsers.status, "active")));
    const where = Object.keys(issue.pages).slice(0, 3).join(", ");
    const content = renderMail(`${siteConfig.name} web site: a new ${issue.kind} error`, [
      { kind: "paragraph", text: `${issue.type}: ${issue.message}` },
      {
        kind: "paragraph",
        text: `Seen ${issue.count} time(s) since ${issue.firstSeen.toISOString()} in release ${issue.release}${where ? `, on ${where}` : ""}.`,
      },
      {
        kind: "paragraph",
        text: `The admin's Errors section shows its stack: ${getEnv().SITE_URL}/admin/errors. You get one e-mail per new issue, at most one an hour.`,
      },
    ]);
    for (const owner of owners) if (owner.email) await queueMail(tx, { purpose: "errors-alert", to: owner.email, content });
    await tx.update(issues).set({ alertedAt: new Date() }).where(eq(issues.id, issue.id));
    logger.warn({ issueId: issue.id, owners: owners.length }, "owners alerted of a new error issue");
  });
}
