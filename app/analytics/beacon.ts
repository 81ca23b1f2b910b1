import { z } from "~/core/text/zod";

/**
 * What the browser sends to POST /api/analytics (pure): one page view per navigation, or one event when a
 * visitor reaches a goal. `ref` is the host of document.referrer only; `screen` a coarse width class; `city`
 * (goals only) the city the pressed button was for. The `get-*` goals are /get's answers (counted by the server).
 */
export const GOALS = [
  "app-store",
  "google-play",
  "signup",
  "contact",
  "advertise",
  "deletion",
  "get-ios",
  "get-android",
  "get-desktop",
] as const;
export type Goal = (typeof GOALS)[number];
export const SCREEN_CLASSES = ["mobile", "tablet", "desktop"] as const;

const text = (max: number, what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(max, `${what} is too long`);

export const analyticsBeaconSchema = z
  .strictObject({
    path: z
      .string({ error: "path must be a path" })
      .max(300, "path is too long")
      .regex(/^\/[^\s?#]*$/, "path must be a path starting with /"),
    ref: text(253, "ref").optional(),
    utm_source: text(100, "utm_source").optional(),
    utm_medium: text(100, "utm_medium").optional(),
    utm_campaign: text(100, "utm_campaign").optional(),
    screen: z.enum(SCREEN_CLASSES, { error: "screen must be mobile, tablet or desktop" }).optional(),
    goal: z.enum(GOALS, { error: `goal must be one of ${GOALS.join(", ")}` }).optional(),
    /** The city a goal was reached for (a city page's store button), for "What it brought". */
    city: text(80, "city")
      .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u, "city must be a city's name (letters, spaces, . ' -)")
      .optional(),
  })
  .refine((beacon) => !beacon.city || beacon.goal, { message: "city is only sent with a goal", path: ["city"] });
export type AnalyticsBeacon = z.output<typeof analyticsBeaconSchema>;

/** The screen class of a viewport width in CSS pixels (the beacon's rule, kept here to test it). */
export function screenClass(width: number): (typeof SCREEN_CLASSES)[number] {
  return width < 768 ? "mobile" : width < 1100 ? "tablet" : "desktop";
}
