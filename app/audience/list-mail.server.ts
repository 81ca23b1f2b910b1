import { dbNow } from "~/core/db-clock.server";
import type { DbExecutor } from "~/core/db.server";
import { getEnv } from "~/core/env.server";
import { mailQueuedInLastHour, PUBLIC_MAIL_PURPOSES } from "~/forms/public-mail.server";

/**
 * The lists' mail (new posts, broadcasts) shares the site's hourly budget (PUBLIC_MAIL_HOURLY_BUDGET) with
 * the public forms, whose mail goes first: a batch takes at most LIST_MAIL_BATCH_SIZE messages and what is
 * left of the hour's budget; with nothing left, the next batch waits BUDGET_WAIT_MS.
 */
export const NEW_POST_PURPOSE = "audience-new-post";
export const BROADCAST_PURPOSE = "audience-broadcast";
/** Tests of a broadcast go to the staff member alone and are not list mail. */
export const BROADCAST_TEST_PURPOSE = "audience-broadcast-test";
export const LIST_MAIL_PURPOSES = [NEW_POST_PURPOSE, BROADCAST_PURPOSE] as const;

const BUDGET_WAIT_MS = 5 * 60 * 1000;

/** How many list e-mails this batch may queue (0 or less: none this time), inside the batch's transaction. */
export async function listMailRoom(tx: DbExecutor): Promise<number> {
  const env = getEnv();
  const spent = await mailQueuedInLastHour(tx, [...PUBLIC_MAIL_PURPOSES, ...LIST_MAIL_PURPOSES]);
  return Math.min(env.LIST_MAIL_BATCH_SIZE, env.PUBLIC_MAIL_HOURLY_BUDGET - spent);
}

/**
 * A batch's transaction holds at most this much mail text: on PGlite every query runs on the main thread,
 * and one batch of 50 mails of 250 KB each held every other request for 0.6 s. Bounded slices instead.
 */
const BATCH_BYTES = 2 * 1024 * 1024;

/** How many mails of `mailBytes` each a batch with `room` takes: at least one, and no more than BATCH_BYTES of them. */
export function batchSizeFor(room: number, mailBytes: number): number {
  return Math.min(room, Math.max(1, Math.floor(BATCH_BYTES / Math.max(1, mailBytes))));
}

/** When the next batch runs after the hour's budget was found spent. */
export const afterBudgetWait = () => new Date(dbNow().getTime() + BUDGET_WAIT_MS);
