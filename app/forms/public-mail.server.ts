import { and, gt, inArray, sql } from "drizzle-orm";
import { getDb, schema, type DbExecutor } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import { DELIVER_MAIL, queueMail } from "~/mail/outbox.server";
import type { MailContent } from "~/mail/message";
import { dbNow } from "~/core/database/db-clock.server";

/**
 * Mail the public forms send to an address a visitor typed (receipts, verification links). A site-wide
 * hourly budget (PUBLIC_MAIL_HOURLY_BUDGET) bounds it, so nobody can turn the forms into a spam cannon
 * that ruins the sending domain's reputation: past the budget, mail waits in the outbox for a later hour,
 * and the admin dashboard says so (heldPublicMail).
 */
export const PUBLIC_MAIL_PURPOSES = ["submission-receipt", "deletion-verification", "audience-confirmation"] as const;
type PublicMailPurpose = (typeof PUBLIC_MAIL_PURPOSES)[number];

const HOUR_MS = 60 * 60 * 1000;

/** The hour a message may go in: now while the budget lasts, then one more hour for each budget's worth queued. */
function publicMailDelayHours(queuedInLastHour: number, hourlyBudget: number): number {
  return Math.floor(queuedInLastHour / hourlyBudget);
}

/**
 * The one count of the hourly budget (PUBLIC_MAIL_HOURLY_BUDGET): messages of these purposes queued in the
 * last hour. The public forms count their own mail (they go first); the lists count theirs and the forms'.
 */
export async function mailQueuedInLastHour(db: DbExecutor, purposes: readonly string[]): Promise<number> {
  const outbox = schema.mailOutbox;
  const [queued] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(and(inArray(outbox.purpose, [...purposes]), gt(outbox.createdAt, sql`now() - interval '1 hour'`)));
  return Number(queued?.n ?? 0);
}

export async function queuePublicFormMail(
  db: DbExecutor,
  mail: { purpose: PublicMailPurpose; to: string; content: MailContent; purgeOnDelivery?: boolean },
): Promise<void> {
  const hours = publicMailDelayHours(await mailQueuedInLastHour(db, PUBLIC_MAIL_PURPOSES), getEnv().PUBLIC_MAIL_HOURLY_BUDGET);
  await queueMail(db, { ...mail, ...(hours > 0 ? { runAt: new Date(dbNow().getTime() + hours * HOUR_MS) } : {}) });
}

/** How many public-form e-mails wait because the hourly budget was spent (for the admin dashboard). */
export async function heldPublicMail(): Promise<{ held: number; hourlyBudget: number }> {
  const outbox = schema.mailOutbox;
  const jobs = schema.jobs;
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .innerJoin(jobs, sql`${jobs.type} = ${DELIVER_MAIL} and (${jobs.payload}->>'mailId')::int = ${outbox.id}`)
    .where(
      and(
        inArray(outbox.purpose, [...PUBLIC_MAIL_PURPOSES]),
        sql`${outbox.sentAt} is null`,
        sql`${jobs.state} = 'queued'`,
        sql`${jobs.attempts} = 0`,
        gt(jobs.runAt, sql`now() + interval '1 minute'`),
      ),
    );
  return { held: Number(row?.n ?? 0), hourlyBudget: getEnv().PUBLIC_MAIL_HOURLY_BUDGET };
}
