import { oneLine } from "~/core/text/clean-input";
import { wallClock } from "~/core/text/dates";
import * as z from "~/core/text/zod-mini";
import { hasRole, type StaffRole } from "~/auth/roles";
import { LISTS, PLATFORMS, WAITLIST_CITIES, type ListName, type Platform } from "./lists";

/**
 * Broadcasts (issue 43, decision record 0049), as both the browser and the server read them: the bodies of
 * POST/PUT /api/admin/broadcasts and of its send, the states, the report's shape, and the pure rules (a
 * time in the site's zone, the List-Id). Pure: no database here.
 */
/** paused: it stopped itself on too many bounces or complaints (issue 51), until resumed or cancelled. */
export const BROADCAST_STATES = ["draft", "scheduled", "sending", "paused", "sent", "cancelled"] as const;
export type BroadcastState = (typeof BROADCAST_STATES)[number];
export const BROADCAST_STATE_LABELS: Record<BroadcastState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  paused: "Paused",
  sent: "Sent",
  cancelled: "Cancelled",
};

/** The mailing a broadcast's messages belong to (their bounces and complaints can pause it). */
export const broadcastCampaign = (id: number) => `broadcast:${id}`;

/** A test's subject says it is one, so nobody takes it for the real thing. */
export const TEST_SUBJECT_PREFIX = "[Test] ";
const SUBJECT_MAX = 200;
const MARKDOWN_MAX = 50_000;

const segmentSchema = z.strictObject({
  city: z.optional(z.enum(WAITLIST_CITIES, { error: "Please choose a city of the early-adopter list" })),
  platform: z.optional(z.enum(Object.keys(PLATFORMS) as [Platform, ...Platform[]], { error: "platform must be ios or android" })),
});
export type Segment = z.output<typeof segmentSchema>;

export const broadcastSchema = z
  .strictObject({
    // One line: it becomes a mail header, the mail's HTML title and a row of the admin's list.
    subject: z.pipe(
      z.pipe(z.string({ error: "Subject is required" }), z.transform(oneLine)),
      z
        .string()
        .check(z.minLength(1, "Subject is required"), z.maxLength(SUBJECT_MAX, `Subject must be at most ${SUBJECT_MAX} characters`)),
    ),
    markdown: z
      .string({ error: "The message is empty" })
      .check(
        z.trim(),
        z.minLength(1, "The message is empty"),
        z.maxLength(MARKDOWN_MAX, `The message must be at most ${MARKDOWN_MAX} characters`),
      ),
    list: z.enum(LISTS, { error: "list must be waitlist or blog" }),
    segment: z.optional(segmentSchema),
  })
  .check(
    z.refine((b) => b.list === "waitlist" || (!b.segment?.city && !b.segment?.platform), {
      message: "A city or platform applies to the early-adopter list only",
      path: ["segment"],
    }),
  );
export type BroadcastInput = z.output<typeof broadcastSchema>;

/** `at`: an ISO time with its offset, or a wall-clock "YYYY-MM-DDTHH:mm" read in the site's time zone. */
export const sendSchema = z.strictObject({
  at: z.optional(z.string({ error: "at must be a date and time" }).check(z.maxLength(40, "at must be a date and time"))),
});

/** The recipients' query string of the count shown before sending (GET /api/admin/broadcasts/audience). */
export const analyticsQuerySchema = z.strictObject({
  list: z.enum(LISTS, { error: "list must be waitlist or blog" }),
  city: z.optional(z.enum(WAITLIST_CITIES, { error: "Please choose a city of the early-adopter list" })),
  platform: z.optional(z.enum(Object.keys(PLATFORMS) as [Platform, ...Platform[]], { error: "platform must be ios or android" })),
});

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** How far `zone`'s clocks are ahead of UTC at `instant`, in milliseconds. */
function zoneOffsetMs(instant: number, zone: string): number {
  const at = wallClock(instant, zone);
  const wall = Date.UTC(at.year, at.month - 1, at.day, at.hour, at.minute, at.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a send time names: an ISO time with an offset as it is; a wall-clock time in `zone` (the
 * site's). Null when it is not a time. A wall-clock time skipped by a clock change goes at the hour after.
 */
export function sendInstant(at: string, zone: string): Date | null {
  const wall = WALL_CLOCK.exec(at);
  if (!wall) {
    if (!/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:\d{2})$/.test(at)) return null;
    const parsed = new Date(at);
    return Number.isNaN(parsed.getTime()) ? null : parsed;
  }
  const [, y, mo, d, h, mi, s] = wall.map(Number) as number[];
  const guess = Date.UTC(y!, mo! - 1, d!, h!, mi!, s || 0);
  if (new Date(guess).getUTCDate() !== d || h! > 23) return null;
  const first = guess - zoneOffsetMs(guess, zone);
  return new Date(guess - zoneOffsetMs(first, zone));
}

/** RFC 2919's List-Id: the list's name and a dot-atom under the site's host. */
export function listIdHeader(list: ListName, label: string, siteUrl: string): string {
  const host = new URL(siteUrl).hostname || "clink.app";
  return `${label.replace(/["\\]/g, "")} <${list}.${host}>`;
}

/**
 * Gmail's Feedback-ID (issue 51): campaign, list and sender, colon-separated, so its feedback loop reports
 * complaints per mailing; the sender is the site's host.
 */
export function feedbackIdHeader(campaign: string, list: ListName, siteUrl: string): string {
  const host = new URL(siteUrl).hostname || "clink.app";
  return `${campaign}:${list}:${host}`;
}

/** The composer's figures: the segment's size now, the site's time zone, whether this member may send. */
export type BroadcastAudience = { recipients: number; timezone: string; canSend: boolean };

export type BroadcastSummary = {
  id: number;
  subject: string;
  list: ListName;
  segment: Segment;
  state: BroadcastState;
  sendAt: string | null;
  startedAt: string | null;
  createdAt: string;
  recipients: number;
  sent: number;
  failed: number;
  /** Refused for good, at sending time or later by the provider (issue 51). */
  bounced: number;
  /** Reported as spam (issue 51). */
  complained: number;
  /** Why it paused itself, while paused. */
  pausedReason: string | null;
};

export type BroadcastReport = BroadcastSummary & {
  markdown: string;
  /** Queued but not yet delivered. */
  queued: number;
  /** Left the list (or were erased) before their turn: nothing sent. */
  skipped: number;
  /** Left the list after the broadcast started. */
  left: number;
  failures: Array<{ reason: string; count: number }>;
};

/** Who sends a broadcast, and resumes or cancels a new post's paused e-mails: administrators and the owner. */
export function canSendBroadcasts(role: StaffRole): boolean {
  return hasRole(role, "administrator");
}
