import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { afterCommit, getDb, schema, type DbExecutor } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import { generatedSecret } from "~/core/database/generated-secret.server";
import { logger } from "~/core/logs/logger.server";
import { hashSecret, isSecretToken, newSecretToken } from "~/core/secrets/secret-token.server";
import { verificationMailLimited } from "~/core/limits/rate-limit.server";
import { admitPublicForm, type PublicFormOutcome } from "~/forms/contact-submission.server";
import { queuePublicFormMail } from "~/forms/public-mail.server";
import { subscriberConfirmed } from "./events";
import { HONEYPOT_FIELD, PROOF_FIELD } from "~/forms/submission-fields";
import { isSuppressedHash } from "~/deliverability/suppressions.server";
import { emailHash } from "~/privacy/email-hash.server";
import {
  BLOG_TICK_WORDING,
  BLOG_WORDING,
  CONFIRM_LINK_HOURS,
  WAITLIST_FULL_WORDING,
  WAITLIST_WORDING,
  type BlogSignup,
  type ListName,
  type SubscriberState,
  type WaitlistSignup,
} from "./lists";
import { confirmationMail } from "./mail";
import { spotsChanged, takeSpot, waitlistSpots } from "./spots.server";
import { queueCachePurge } from "~/core/caches/cache-purge.server";
import { SPOTS_TAG } from "~/core/caches/cache-tags";

const t = schema.subscribers;

type Entry = { list: ListName; city?: string; platform?: string; wording: string };

/** The early-adopter form (and its "new posts" tick box): one confirmation e-mail for both lists. */
export async function signUpForWaitlist(input: WaitlistSignup, clientIp: string): Promise<PublicFormOutcome> {
  return admitPublicForm(clientIp, input[HONEYPOT_FIELD], { proof: input[PROOF_FIELD] }, async () => {
    const { left } = await waitlistSpots();
    const entries: Entry[] = [
      { list: "waitlist", city: input.city, platform: input.platform, wording: left > 0 ? WAITLIST_WORDING : WAITLIST_FULL_WORDING },
    ];
    if (input.blog) entries.push({ list: "blog", wording: BLOG_TICK_WORDING });
    await storeSignUp(input.email, entries, input.page ?? "/early-access");
  });
}

/** "Get new posts by e-mail" on /blog and under each post. */
export async function signUpForBlog(input: BlogSignup, clientIp: string): Promise<PublicFormOutcome> {
  return admitPublicForm(clientIp, input[HONEYPOT_FIELD], { proof: input[PROOF_FIELD] }, async () => {
    await storeSignUp(input.email, [{ list: "blog", wording: BLOG_WORDING }], input.page ?? "/blog");
  });
}

/**
 * Stores the sign-up (pending, with its consent record) and queues the confirmation e-mail in one
 * transaction. A known address gets the same answer as a new one: confirmed lists stay as they are (no
 * e-mail); pending or left ones get a new link. One address gets at most one confirmation e-mail per 15
 * minutes and 3 a day (counted by its keyed hash); past that the answer is the same and nothing is sent.
 */
async function storeSignUp(email: string, entries: Entry[], page: string): Promise<void> {
  const addressHash = await emailHash(email);
  // A suppressed address (it bounced, complained or was put there) gets the same answer and no mail (issue 51).
  if (await isSuppressedHash(addressHash)) return;
  const hash = `audience:${addressHash}`;
  if (await verificationMailLimited(hash)) return;
  await getDb().transaction(async (tx) => {
    const token = newSecretToken();
    const pending = {
      state: "pending",
      tokenHash: hashSecret(token),
      tokenExpiresAt: sql`now() + make_interval(hours => ${CONFIRM_LINK_HOURS})`,
      consentAt: sql`now()`,
      confirmedAt: null,
      endedAt: null,
      endedReason: null,
    } as const;
    const toConfirm: ListName[] = [];
    for (const entry of entries) {
      const consent = { consentPage: page, consentWording: entry.wording, city: entry.city ?? null, platform: entry.platform ?? null };
      const inserted = await tx
        .insert(t)
        .values({ list: entry.list, email, ...consent, ...pending })
        .onConflictDoNothing()
        .returning({ id: t.id });
      if (inserted.length) {
        toConfirm.push(entry.list);
        continue;
      }
      // Known: a new link for a pending or ended subscription; a confirmed one is left alone.
      const renewed = await tx
        .update(t)
        .set({ ...consent, ...pending })
        .where(and(eq(t.list, entry.list), sql`lower(${t.email}) = ${email.toLowerCase()}`, inArray(t.state, ["pending", "unsubscribed"])))
        .returning({ id: t.id });
      if (renewed.length) toConfirm.push(entry.list);
    }
    if (!toConfirm.length) return;
    const link = new URL("/early-access/confirm", getEnv().SITE_URL);
    link.searchParams.set("token", token);
    await queuePublicFormMail(tx, {
      purpose: "audience-confirmation",
      to: email,
      content: confirmationMail(link.toString(), toConfirm),
      purgeOnDelivery: true,
    });
  });
}

export type ConfirmLinkState = "valid" | "expired" | "used" | "unknown";

/** What opening the link shows; looking changes nothing (mail scanners follow links). */
export async function inspectConfirmLink(token: string): Promise<ConfirmLinkState> {
  if (!isSecretToken(token)) return "unknown";
  const rows = await getDb()
    .select({ state: t.state, expired: sql<boolean>`${t.tokenExpiresAt} <= now()` })
    .from(t)
    .where(eq(t.tokenHash, hashSecret(token)));
  if (!rows.length) return "unknown";
  const pending = rows.filter((row) => row.state === "pending");
  if (!pending.length) return "used";
  return pending.every((row) => row.expired) ? "expired" : "valid";
}

export type Confirmation =
  { outcome: "confirmed"; lists: Array<{ list: ListName; state: SubscriberState }> } | { outcome: Exclude<ConfirmLinkState, "valid"> };

/**
 * The button on the confirmation page: the link's pending subscriptions become confirmed, once (the update
 * only matches pending, unexpired rows, so a second press or a parallel one finds none). The waitlist's row
 * takes a spot in the same transaction; with none left it is kept as "notify" (told when the app opens in
 * their city).
 */
export async function confirmSubscription(token: string): Promise<Confirmation> {
  if (!isSecretToken(token)) return { outcome: "unknown" };
  const confirmed = await getDb().transaction(async (tx) => {
    const rows = await tx
      .update(t)
      .set({ state: "confirmed", confirmedAt: sql`now()` })
      .where(and(eq(t.tokenHash, hashSecret(token)), eq(t.state, "pending"), sql`${t.tokenExpiresAt} > now()`))
      .returning({ id: t.id, list: t.list, email: t.email, city: t.city, platform: t.platform });
    const result: Array<{ id: number; list: ListName; email: string; state: SubscriberState }> = [];
    for (const row of rows) {
      let state: SubscriberState = "confirmed";
      if (row.list === "waitlist" && !(await takeSpot(tx))) {
        state = "notify";
        await tx.update(t).set({ state }).where(eq(t.id, row.id));
      }
      result.push({ id: row.id, list: row.list as ListName, email: row.email, state });
      // subscriber.confirmed (the webhooks listen), queued with the confirmation: the address only to endpoints the owner marked for personal data.
      const subscriber = {
        id: row.id,
        list: row.list,
        state,
        city: row.city,
        platform: row.platform,
        confirmedAt: new Date().toISOString(),
      };
      await subscriberConfirmed.emit(tx, {
        data: { subscriber: { ...subscriber, email: row.email } },
        withoutPersonalData: { subscriber },
      });
    }
    if (result.some((row) => row.list === "waitlist")) afterCommit(spotsChanged);
    return result;
  });
  if (!confirmed.length) {
    const state = await inspectConfirmLink(token);
    return { outcome: state === "valid" ? "used" : state };
  }
  // Named by the subscription, never the address (the subscriber.confirmed webhook was queued in the transaction).
  for (const row of confirmed) logger.info({ subscriberId: row.id, list: row.list, state: row.state }, "subscriber confirmed");
  return { outcome: "confirmed", lists: confirmed.map(({ list, state }) => ({ list, state })) };
}

/**
 * An address bounced for good or its owner complained (issue 51, called in the suppression's transaction):
 * it leaves every list at once, the reason kept in each list's record; a confirmed early adopter's spot is
 * handed back (the same trigger as leaving by the link, drizzle/0035).
 */
export async function leaveEveryList(tx: DbExecutor, email: string, reason: "bounce" | "complaint"): Promise<void> {
  const ended = await tx
    .update(t)
    .set({ state: "unsubscribed", endedAt: sql`now()`, endedReason: reason, tokenHash: null, tokenExpiresAt: null })
    .where(and(sql`lower(${t.email}) = ${email.trim().toLowerCase()}`, ne(t.state, "unsubscribed")))
    .returning({ id: t.id, list: t.list });
  for (const row of ended)
    logger.info({ subscriberId: row.id, list: row.list, reason }, "subscriber removed: address refused or complained");
  if (ended.some((row) => row.list === "waitlist")) afterCommit(spotsChanged);
}

/* Leaving: the List-Unsubscribe link's token is the subscription's id and a keyed MAC of it (no table of tokens). */

const UNSUBSCRIBE_KEY = "audience_unsubscribe_key";
let unsubscribeKey: Buffer | undefined;

/**
 * Reads (or makes) the links' key: call it before a transaction that builds links, since the key's first
 * read uses a connection of its own (the embedded database has one, held by the transaction).
 */
export async function loadUnsubscribeKey(): Promise<Buffer> {
  unsubscribeKey ??= Buffer.from(await generatedSecret(UNSUBSCRIBE_KEY), "base64");
  return unsubscribeKey;
}

async function macOf(id: number): Promise<string> {
  return createHmac("sha256", await loadUnsubscribeKey())
    .update(`unsubscribe:${id}`)
    .digest("base64url")
    .slice(0, 32);
}

async function unsubscribeToken(subscriberId: number): Promise<string> {
  return `${subscriberId}.${await macOf(subscriberId)}`;
}

export async function unsubscribeLink(subscriberId: number): Promise<string> {
  const link = new URL("/unsubscribe", getEnv().SITE_URL);
  link.searchParams.set("token", await unsubscribeToken(subscriberId));
  return link.toString();
}

async function subscriberOfToken(token: string): Promise<{ id: number; list: ListName; email: string; state: SubscriberState } | null> {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(await macOf(id));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [row] = await getDb().select({ id: t.id, list: t.list, email: t.email, state: t.state }).from(t).where(eq(t.id, id));
  return row ? { ...row, list: row.list as ListName, state: row.state as SubscriberState } : null;
}

/** What the unsubscribe page shows for a link: the list it leaves, or that the link is not (or no longer) valid. */
export async function inspectUnsubscribeLink(token: string): Promise<{ list: ListName; subscribed: boolean } | null> {
  const row = await subscriberOfToken(token);
  return row ? { list: row.list, subscribed: row.state !== "unsubscribed" } : null;
}

/**
 * Ends the link's subscription (or, with `all`, every list of that address) at once: no sign-in, no second
 * step. Ending an ended one changes nothing. Null when the link is not valid (or its subscriber was erased).
 */
export async function unsubscribe(token: string, scope: "list" | "all"): Promise<{ lists: ListName[] } | null> {
  const row = await subscriberOfToken(token);
  if (!row) return null;
  const which = scope === "all" ? sql`lower(${t.email}) = ${row.email.toLowerCase()}` : eq(t.id, row.id);
  const ended = await getDb()
    .update(t)
    .set({ state: "unsubscribed", endedAt: sql`now()`, tokenHash: null, tokenExpiresAt: null })
    .where(and(which, ne(t.state, "unsubscribed")))
    .returning({ list: t.list });
  // A confirmed early adopter's spot was handed back (a trigger, drizzle/0034): the promo shows it at once here.
  if (ended.some((r) => r.list === "waitlist")) {
    spotsChanged();
    await queueCachePurge(getDb(), [SPOTS_TAG], "an early-access spot handed back");
  }
  return { lists: ended.map((r) => r.list as ListName) };
}
