import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { batchJob } from "~/core/jobs/batch-jobs.server";
import { dbNow } from "~/core/database/db-clock.server";
import { rowsOf, schema, type DbExecutor } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import { logger } from "~/core/logs/logger.server";
import { cancelCampaign, openCampaign, resumeCampaign } from "~/deliverability/campaigns.server";
import { loadSuppressionKey, suppressedAmong } from "~/deliverability/suppressions.server";
import { mailQueuedInLastHour, PUBLIC_MAIL_PURPOSES } from "~/forms/public-mail.server";
import type { MailContent } from "~/mail/message";
import { queueMails, type MailToQueue } from "~/mail/outbox.server";
import { feedbackIdHeader, type Segment } from "./broadcasts";
import { deliveryMarks } from "./delivery-marks";
import { isOnList, ON_LIST_STATES, type ListName } from "./lists";
import { listHeaders } from "./mail";
import { loadUnsubscribeKey, unsubscribeLink } from "./subscriptions.server";

/**
 * The one list-mail engine (decision record 0090), as a campaign runner: a mailing (a new post's e-mails, a
 * broadcast) is a source of it. At its start the fan-out writes one delivery row per person on the list (primary
 * key item and person: never two) and opens its campaign; then batches of the job runner (core/batch-jobs) lease
 * rows, queue one outbox message per person still on the list and not suppressed, each row marked in the
 * transaction that queues its message, within the site's hourly mail budget, and queue the next batch. Pause,
 * resume and cancel go by the campaign (app/deliverability). A third kind of list mail is a third source.
 */
export const NEW_POST_PURPOSE = "audience-new-post";
export const BROADCAST_PURPOSE = "audience-broadcast";
/** Tests of a broadcast go to the staff member alone and are not list mail. */
export const BROADCAST_TEST_PURPOSE = "audience-broadcast-test";
const LIST_MAIL_PURPOSES = [NEW_POST_PURPOSE, BROADCAST_PURPOSE] as const;

const subscribers = schema.subscribers;

/** The people on `list` (lists.ts's rule), narrowed to a segment of the early-adopter list. */
export function onList(list: ListName, segment: Segment = {}): SQL {
  const parts = [eq(subscribers.list, list), inArray(subscribers.state, [...ON_LIST_STATES[list]])];
  if (segment.city) parts.push(eq(subscribers.city, segment.city));
  if (segment.platform) parts.push(eq(subscribers.platform, segment.platform));
  return and(...parts)!;
}

/**
 * The lists' mail shares the site's hourly budget (PUBLIC_MAIL_HOURLY_BUDGET) with the public forms, whose
 * mail goes first: a batch takes at most LIST_MAIL_BATCH_SIZE messages and what is left of the hour's budget;
 * with nothing left, the next batch waits BUDGET_WAIT_MS.
 */
const BUDGET_WAIT_MS = 5 * 60 * 1000;

async function listMailRoom(tx: DbExecutor): Promise<number> {
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
function batchSizeFor(room: number, mailBytes: number): number {
  return Math.min(room, Math.max(1, Math.floor(BATCH_BYTES / Math.max(1, mailBytes))));
}

type DeliveryTable = typeof schema.postDeliveries | typeof schema.broadcastDeliveries;

/** One kind of list mail: where its delivery rows are, and what each person's message is. */
export type ListMailSource<K extends string, Item, Prepared> = {
  /** The job type of its batches; their payload is `{ [idKey]: id, batch }`, their key `${keyPrefix}:id:batch`. */
  job: string;
  keyPrefix: string;
  idKey: K;
  deliveries: DeliveryTable;
  /** The delivery rows' column naming the item, and the id of the items' own table. */
  itemColumn: PgColumn;
  itemId: PgColumn;
  purpose: (typeof LIST_MAIL_PURPOSES)[number];
  /** The campaign its messages are counted under, paused, resumed and cancelled by (app/deliverability). */
  campaign: (id: number) => string;
  /** The Feedback-ID's campaign part. */
  feedbackId: (id: number) => string;
  /** Work before a batch's transaction (a body rendered once); null: nothing to send. */
  prepare?: (id: number) => Promise<Prepared | null>;
  /** The item as it is now, in the batch's transaction; null: its mailing stopped (cancelled, gone). */
  load: (tx: DbExecutor, id: number, prepared: Prepared) => Promise<Item | null>;
  list: (item: Item) => ListName;
  /** One message's size, for the batch's bound on mail text held at once. */
  mailBytes?: (item: Item, prepared: Prepared) => number;
  /** The message to one person; null: nobody is sent this (a post taken down meanwhile). */
  message: (item: Item, prepared: Prepared, unsubscribe: string) => { content: MailContent; headers?: Record<string, string> } | null;
  /** In the last batch's transaction, once every row is done. */
  finished?: (tx: DbExecutor, id: number) => Promise<void>;
};

export type ListMail = {
  /** Defines its batches' job type (from the feature's job registration, at startup). */
  define: () => void;
  /** The fan-out and the first batch, in the caller's transaction: how many people it takes. */
  start: (tx: DbExecutor, id: number, recipients: SQL, label: string) => Promise<number>;
  resume: (tx: DbExecutor, id: number) => Promise<boolean>;
  /** Its held messages never go, and those not reached yet are marked done: its batches queue nothing more. */
  cancel: (tx: DbExecutor, id: number) => Promise<boolean>;
  /** How many of its rows are still to do, by item. */
  left: (db: DbExecutor, ids: number[]) => Promise<Map<number, number>>;
};

/** A source's mailing: its batches and its controls. */
export function listMail<K extends string, Item, Prepared = undefined>(source: ListMailSource<K, Item, Prepared>): ListMail {
  const d = source.deliveries;
  const item = source.itemColumn;
  const todo = (id: number) => and(eq(item, id), isNull(d.doneAt))!;
  const idOf = (payload: Record<K, number>) => payload[source.idKey];

  const batches = batchJob<Record<K, number>, DeliveryTable, Prepared | null>(source.job, {
    key: (payload) => `${source.keyPrefix}:${idOf(payload)}`,
    todo: (payload) => ({ table: d, where: todo(idOf(payload)), order: [d.subscriberId] }),
    prepare: async (payload) => {
      await loadUnsubscribeKey();
      await loadSuppressionKey();
      return source.prepare ? source.prepare(idOf(payload)) : (undefined as Prepared);
    },
    run: async (tx, payload, lease, prepared) => {
      const id = idOf(payload);
      const found = prepared === null ? null : await source.load(tx, id, prepared);
      if (!found) return "stop";
      const room = await listMailRoom(tx);
      if (room <= 0) return { waitUntil: new Date(dbNow().getTime() + BUDGET_WAIT_MS) };
      const rows = await lease(batchSizeFor(room, source.mailBytes?.(found, prepared as Prepared) ?? 0));
      await sendTo(
        tx,
        id,
        found,
        prepared as Prepared,
        rows.map((row) => row.subscriberId),
      );
    },
    finished: source.finished ? (tx, payload) => source.finished!(tx, idOf(payload)) : undefined,
  });

  /** Queues the message of each of `ids` (delivery rows this batch leased), and marks each row done. */
  async function sendTo(tx: DbExecutor, id: number, found: Item, prepared: Prepared, ids: number[]): Promise<void> {
    if (!ids.length) return;
    const env = getEnv();
    const list = source.list(found);
    const rows = await tx
      .select({ id: subscribers.id, email: subscribers.email, state: subscribers.state })
      .from(subscribers)
      .where(inArray(subscribers.id, ids));
    const people = new Map(rows.map((person) => [person.id, person]));
    const suppressed = await suppressedAmong(
      tx,
      [...people.values()].map((person) => person.email),
    );
    // Each person's message, or null: left the list since the fan-out, or suppressed (issue 51), and nothing is sent.
    const messages: (MailToQueue | null)[] = [];
    for (const subscriberId of ids) {
      const person = people.get(subscriberId);
      let mail: MailToQueue | null = null;
      if (person && isOnList(list, person.state) && !suppressed.has(person.email.toLowerCase())) {
        const leave = await unsubscribeLink(subscriberId);
        const message = source.message(found, prepared, leave);
        if (message)
          mail = {
            purpose: source.purpose,
            to: person.email,
            content: message.content,
            headers: {
              ...listHeaders(leave),
              ...message.headers,
              "Feedback-ID": feedbackIdHeader(source.feedbackId(id), list, env.SITE_URL),
            },
            bulk: true,
            campaign: source.campaign(id),
          };
      }
      messages.push(mail);
    }
    // The batch's messages and its rows' marks in a few statements, not three per person: on PGlite each
    // statement is the main thread's work, and a launch broadcast's batches shared it with every page.
    const queued = await queueMails(
      tx,
      messages.filter((mail): mail is MailToQueue => mail !== null),
    );
    const marks = deliveryMarks(ids, messages, queued).map(
      ({ subscriberId, mailId }) => sql`(${subscriberId}::integer, ${mailId}::integer)`,
    );
    await tx.execute(sql`update ${d} set mail_id = v.mail_id, done_at = now()
      from (values ${sql.join(marks, sql`, `)}) as v(subscriber_id, mail_id)
      where ${todo(id)} and ${d.subscriberId} = v.subscriber_id`);
  }

  return {
    define: batches.define,
    async start(tx, id, recipients, label) {
      const taken = (
        await rowsOf<{ subscriber_id: number }>(
          tx,
          sql`insert into ${d} (${sql.identifier(item.name)}, subscriber_id)
            select ${id}, ${subscribers.id} from ${subscribers} where ${recipients}
              and exists (select 1 from ${source.itemId.table} where ${source.itemId} = ${id})
            on conflict do nothing
            returning subscriber_id`,
        )
      ).length;
      // Its bounces and complaints are counted from here, and can pause it (issue 51).
      if (taken) {
        await openCampaign(tx, source.campaign(id), label);
        await batches.start(tx, { [source.idKey]: id } as Record<K, number>);
      }
      logger.info({ mailing: source.campaign(id), recipients: taken }, "list mail to queue");
      return taken;
    },
    resume: (tx, id) => resumeCampaign(tx, source.campaign(id)),
    async cancel(tx, id) {
      if (!(await cancelCampaign(tx, source.campaign(id)))) return false;
      await tx
        .update(d)
        .set({ doneAt: sql`now()` })
        .where(todo(id));
      return true;
    },
    async left(db, ids) {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: item, n: sql<number>`count(*)::int` })
        .from(d)
        .where(and(inArray(item, ids), isNull(d.doneAt)))
        .groupBy(item);
      return new Map(rows.map((row) => [Number(row.id), Number(row.n)]));
    },
  };
}
