import { getDb, schema } from "~/core/database/db.server";
import { recordAudit, type AuditActor } from "~/core/database/audit.server";
import { appLinksSchema, normalAppLinks, type AndroidLinks, type AppleLinks, type AppLinks } from "./app-links";
import { queueCachePurge } from "~/core/caches/cache-purge.server";
import { SITE_TAG } from "~/core/caches/cache-tags";
import { storeSettings } from "./store-config.server";

/**
 * The app links settings in the database (app_links, one row per platform set). Read on every request of a
 * .well-known file, with no copy kept in the process: the stores' fetchers ask rarely, and a PUT on one
 * instance is then what every instance serves at once (decision record 0062).
 */
async function readAppLinks(): Promise<AppLinks> {
  const rows = await getDb()
    .select({
      platform: schema.appLinks.platform,
      settings: schema.appLinks.settings,
    })
    .from(schema.appLinks);
  const links: AppLinks = {};
  for (const row of rows) {
    // A row is written only through the schema; one that no longer parses is served as not set, never broken.
    if (row.platform === "apple") links.apple = appLinksSchema.shape.apple.safeParse(row.settings).data;
    if (row.platform === "android") links.android = appLinksSchema.shape.android.safeParse(row.settings).data;
  }
  return normalAppLinks(links);
}

export async function readAppleLinks(): Promise<AppleLinks | undefined> {
  return (await readAppLinks()).apple;
}

export async function readAndroidLinks(): Promise<AndroidLinks | undefined> {
  return (await readAppLinks()).android;
}

/** Replaces the settings (a platform left out is no longer set), audited as app-links.update, in one transaction. */
export async function saveAppLinks(actor: AuditActor, input: AppLinks): Promise<AppLinks> {
  const links = normalAppLinks(input);
  await getDb().transaction(async (tx) => {
    await tx.delete(schema.appLinks);
    const rows = (["apple", "android"] as const).flatMap((platform) =>
      links[platform] ? [{ platform, settings: links[platform], updatedBy: actor.id }] : [],
    );
    if (rows.length > 0) await tx.insert(schema.appLinks).values(rows);
    const said = [
      links.apple ? `Apple ${links.apple.teamId}.${links.apple.bundleId}` : "no Apple app",
      links.android ? `Android ${links.android.packageName}` : "no Android app",
    ];
    // The site's settings: every page may show them.
    await queueCachePurge(tx, [SITE_TAG], "app links changed");
    await recordAudit(actor, "app-links.update", { targetType: "app-links", summary: said.join(", ") }, tx);
  });
  return links;
}

/** What the Integrations section shows of the app links: the links as set, and the store links' configuration (read-only). */
export async function appLinksSettings(): Promise<AppLinksSettings> {
  return { ...(await readAppLinks()), stores: storeSettings() };
}

export type AppLinksSettings = AppLinks & { stores: ReturnType<typeof storeSettings> };
