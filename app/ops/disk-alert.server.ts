import { and, eq } from "drizzle-orm";
import { getDb, schema, type DbExecutor } from "~/core/database/db.server";
import { onDiskStateChange, type DiskState } from "~/core/instance/disk-space.server";
import { logger } from "~/core/logs/logger.server";
import { renderMail } from "~/mail/message";
import { sendMailNow } from "~/mail/direct.server";
import { siteConfig } from "~/site/config";

/** The active owner's address (read only: it works on a full disk). */
export async function ownerAddress(db: DbExecutor = getDb()): Promise<string | null> {
  const [owner] = await db
    .select({ email: schema.adminUsers.email })
    .from(schema.adminUsers)
    .where(and(eq(schema.adminUsers.role, "owner"), eq(schema.adminUsers.status, "active")))
    .limit(1);
  return owner?.email ?? null;
}

/**
 * The owner hears that the disk is nearly full by a path that writes nothing to the database: a log line at
 * error level at once, and a message sent directly (SMTP, or a small file in the mail folder, which the floor
 * leaves room for), not through the outbox table. Once per time the disk goes under the floor.
 */
async function alertOwner(state: DiskState): Promise<void> {
  if (!state.low) {
    logger.warn({ folders: state.folders }, "disk space is back above the floor: writes are taken again");
    return;
  }
  logger.error({ folders: state.folders, floorBytes: state.floorBytes }, `writes refused: ${state.reason}`);
  const to = await ownerAddress();
  if (!to) return;
  const content = renderMail(`${siteConfig.name} web site: the disk is nearly full`, [
    { kind: "paragraph", text: state.reason! },
    {
      kind: "paragraph",
      text: "The site still shows its pages, but refuses changes (HTTP 507) until space is freed. It takes them again by itself once there is room.",
    },
  ]);
  await sendMailNow({ purpose: "ops-alert", to, content });
}

export function watchDiskAlerts(): void {
  onDiskStateChange(
    (state) =>
      void alertOwner(state).catch((error: unknown) =>
        logger.error({ err: error }, "could not alert the owner that the disk is nearly full"),
      ),
  );
}
