import * as z from "~/core/text/zod-mini";
import { HONEYPOT_FIELD, PROOF_FIELD, emailField, honeypotSchema, proofSchema } from "~/forms/submission-fields";
import { siteConfig } from "~/site/config";

/**
 * The site's own mailing lists (decision record 0038), as both the browser and the server read them: the two
 * lists, the sign-up schemas of POST /api/waitlist and POST /api/subscriptions, the wording a person consents
 * to (stored with each subscription), and the answers. Pure: no database here.
 */
export const LISTS = ["waitlist", "blog"] as const;
export type ListName = (typeof LISTS)[number];
export const LIST_LABELS: Record<ListName, string> = { waitlist: "Early-adopter list", blog: "New posts by e-mail" };

const OTHER_CITY = "Other";
export const WAITLIST_CITIES = [...siteConfig.popularCities, OTHER_CITY] as const;
export const PLATFORMS = { ios: "iOS", android: "Android" } as const;
export type Platform = keyof typeof PLATFORMS;

/** pending: not confirmed yet; confirmed: on the list (waitlist: given a spot); notify: the waitlist was full, told when the app opens in their city. */
export const SUBSCRIBER_STATES = ["pending", "confirmed", "notify", "unsubscribed"] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

/**
 * Who is on a list, the one rule of the list mail, its counts and the admin's figures (decision record 0090):
 * the confirmed, and on the early-adopter list also those kept to be told at their city's launch. Pending and
 * unsubscribed people are not; a suppressed address (app/deliverability) is skipped when its mail is queued.
 */
export const ON_LIST_STATES: Record<ListName, readonly SubscriberState[]> = { waitlist: ["confirmed", "notify"], blog: ["confirmed"] };
export const isOnList = (list: ListName, state: string): boolean => (ON_LIST_STATES[list] as readonly string[]).includes(state);

/** The confirmation link works once, for this long. */
export const CONFIRM_LINK_HOURS = 24;

/** What each form says beside its button: stored as the consent's wording. */
export const WAITLIST_WORDING =
  "Join the early-adopter list: we e-mail you a link to confirm, then only about your spot and the app opening in your city. Leave at any time with one click.";
export const WAITLIST_FULL_WORDING =
  "The early-adopter list is full. Leave your e-mail and we will tell you once, when the app opens in your city. Leave at any time with one click.";
export const BLOG_WORDING =
  "Get new posts by e-mail: one e-mail per new post, nothing else. Confirm by the link we send; leave at any time with one click.";
export const BLOG_TICK_WORDING = "Also send me new blog posts by e-mail";

/** The one answer to every well-formed sign-up, whatever the address (new, known, unconfirmed). */
export const SIGNUP_ACCEPTED = "Thanks! Please check your inbox: we sent you a link to confirm. It expires in 24 hours.";

const pagePath = z.optional(z.string().check(z.trim(), z.maxLength(200, "Too long"), z.regex(/^\/[\w\-/]*$/, "Not a page of this site")));

export const waitlistSignupSchema = z.strictObject({
  email: emailField,
  city: z.enum(WAITLIST_CITIES, { error: "Please choose your city" }),
  platform: z.enum(Object.keys(PLATFORMS) as [Platform, ...Platform[]], { error: "Please choose iOS or Android" }),
  blog: z.optional(z.boolean({ error: "blog must be true or false" })),
  /** The page the form was on (the consent's "from which page"); /early-access when absent. */
  page: pagePath,
  [HONEYPOT_FIELD]: honeypotSchema,
  [PROOF_FIELD]: proofSchema,
});
export type WaitlistSignup = z.output<typeof waitlistSignupSchema>;

export const blogSignupSchema = z.strictObject({
  email: emailField,
  lists: z
    .array(z.literal("blog", { error: 'lists must be ["blog"]' }), { error: 'lists must be ["blog"]' })
    .check(z.minLength(1, 'lists must be ["blog"]'), z.maxLength(1, 'lists must be ["blog"]')),
  page: pagePath,
  [HONEYPOT_FIELD]: honeypotSchema,
  [PROOF_FIELD]: proofSchema,
});
export type BlogSignup = z.output<typeof blogSignupSchema>;

export const subscriberListSchema = z.enum(LISTS, { error: "list must be waitlist or blog" });

/** Spots left of `total` when `taken` were given: never below zero (a lowered WAITLIST_SPOTS included). */
export function spotsLeft(total: number, taken: number): number {
  return Math.max(0, total - taken);
}

/** The promo's words, the spec's with the real number. */
export function spotsHeadline(left: number): string {
  return left > 0 ? `Only ${left} spots available` : "The early-adopter list is full";
}

/** A list e-mail's link to the site, marked for the visitor counts as coming from e-mail. */
export function emailLink(siteUrl: string, path: string, campaign: string): string {
  const url = new URL(path, siteUrl);
  url.searchParams.set("utm_source", "newsletter");
  url.searchParams.set("utm_medium", "email");
  url.searchParams.set("utm_campaign", campaign);
  return url.toString();
}

export type SubscriberRow = {
  id: number;
  list: ListName;
  email: string;
  city: string | null;
  platform: string | null;
  state: SubscriberState;
  consentPage: string;
  consentWording: string;
  consentAt: string;
  confirmedAt: string | null;
  endedAt: string | null;
  /** Why it ended, when the person did not leave by the link: "bounce" or "complaint" (issue 51). */
  endedReason: "bounce" | "complaint" | null;
};

export type AudienceCounts = {
  lists: Record<ListName, Record<SubscriberState, number>>;
  byCity: Array<{ city: string; count: number }>;
  byPlatform: Array<{ platform: string; count: number }>;
  /** Confirmed sign-ups per day (both lists), the last 90 days. */
  growth: Array<{ day: string; waitlist: number; blog: number }>;
  spots: { total: number; left: number };
};
