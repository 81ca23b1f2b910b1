import { z } from "~/core/text/zod";
import { GOALS, SCREEN_CLASSES, type Goal } from "./beacon";

/**
 * Funnels (pure; docs/decisions/0065-funnels-and-visit-steps.md): 2 to 8 ordered steps, each a page (an exact
 * path, or a prefix ending in `*`) or a goal. A visitor reaches step k on a day when, that day, they did step 1,
 * then step 2 later, … then step k later still (each step a different page view or event). Shared by the API,
 * the server's query and the Analytics section's form, so the browser and the server say the same thing.
 */
export const MIN_STEPS = 2;
export const MAX_STEPS = 8;

export const GOAL_LABELS: Record<Goal, string> = {
  "app-store": "App Store",
  "google-play": "Google Play",
  signup: "Early-adopter sign-up",
  contact: "Contact",
  advertise: "Advertising enquiry",
  deletion: "Deletion request",
  "get-ios": "/get on an iPhone or iPad",
  "get-android": "/get on an Android phone",
  "get-desktop": "/get on a computer",
};

export type FunnelStep = { page: string } | { goal: Goal };
export type Funnel = { id: number; name: string; steps: FunnelStep[]; createdAt: string };

/** A page pattern: a path starting with /, without spaces, ? or #; a `*` may only end it (every page under it). */
const PAGE_PATTERN = /^\/[^\s?#*]*\*?$/;
const isGoal = (value: unknown): value is Goal => typeof value === "string" && (GOALS as readonly string[]).includes(value);

/** Why one step is not one, naming its field (`steps[1].goal`), or null. */
function stepProblem(step: unknown, i: number): string | null {
  const at = `steps[${i}]`;
  if (typeof step !== "object" || step === null || Array.isArray(step)) return `${at} must be {page: "/path"} or {goal: "name"}`;
  const keys = Object.keys(step);
  if (keys.length !== 1 || !(keys[0] === "page" || keys[0] === "goal")) return `${at} must have either page or goal, nothing else`;
  const { page, goal } = step as { page?: unknown; goal?: unknown };
  if (keys[0] === "goal") return isGoal(goal) ? null : `${at}.goal must be one of ${GOALS.join(", ")}`;
  if (typeof page !== "string" || page.length > 300 || !PAGE_PATTERN.test(page)) {
    return `${at}.page must be a path starting with / (without spaces, ? or #), ending with * for every page under it`;
  }
  return null;
}

/** POST /api/admin/analytics/funnels {name, steps}. */
export const funnelInputSchema = z.strictObject({
  name: z
    .string({ error: "name must be text" })
    .trim()
    .min(1, "name: give the funnel a name")
    .max(80, "name is too long (80 characters at most)"),
  steps: z
    .array(z.unknown(), { error: `steps must be a list of ${MIN_STEPS} to ${MAX_STEPS} steps` })
    .min(MIN_STEPS, `steps: a funnel has ${MIN_STEPS} to ${MAX_STEPS} steps`)
    .max(MAX_STEPS, `steps: a funnel has ${MIN_STEPS} to ${MAX_STEPS} steps`)
    .transform((steps, ctx) => {
      for (const [i, step] of steps.entries()) {
        const problem = stepProblem(step, i);
        if (problem) ctx.addIssue({ code: "custom", message: problem, path: [i] });
      }
      return steps as FunnelStep[];
    }),
});
export type FunnelInput = z.output<typeof funnelInputSchema>;

const optionalText = (field: string) =>
  z
    .string()
    .trim()
    .max(100, `${field} is too long`)
    .optional()
    .transform((v) => v || undefined);

/** The funnel's filters (?source=&campaign=&page=&device=): a visitor counts when their day had them. */
export const funnelFiltersSchema = z.object({
  source: optionalText("source"),
  campaign: optionalText("campaign"),
  page: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine(
      (v) => v === undefined || (v.length <= 300 && PAGE_PATTERN.test(v)),
      "page must be a path starting with /, ending with * for every page under it",
    ),
  device: z.enum(SCREEN_CLASSES, { error: `device must be one of ${SCREEN_CLASSES.join(", ")}` }).optional(),
});
export type FunnelFilters = Partial<z.output<typeof funnelFiltersSchema>>;

export const stepLabel = (step: FunnelStep): string => ("goal" in step ? GOAL_LABELS[step.goal] : step.page);

/**
 * One step's figures. `conversion`: the share (a fraction, 0 to 1) of the first step's visitors who reached
 * this one; `conversionFromPrevious`: of the step before's. `dropOff`: the step before's visitors who did not
 * reach this one (0 for the first).
 */
export type FunnelStepFigures = {
  label: string;
  step: FunnelStep;
  visitors: number;
  dropOff: number;
  conversion: number;
  conversionFromPrevious: number;
};

/**
 * A funnel's figures over a range (GET /api/admin/analytics/funnels/{id} and the Analytics section's table).
 * `keptDays`: the days of the range read from their kept figures (the rest were computed now).
 */
export type FunnelReport = {
  id: number;
  name: string;
  from: string;
  to: string;
  filters: FunnelFilters;
  steps: FunnelStepFigures[];
  keptDays: number;
};

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);

/** The figures of each step from the visitors who reached it (pure). */
export function funnelFigures(steps: FunnelStep[], reached: number[]): FunnelStepFigures[] {
  return steps.map((step, i) => {
    const visitors = reached[i] ?? 0;
    const before = i === 0 ? visitors : (reached[i - 1] ?? 0);
    return {
      label: stepLabel(step),
      step,
      visitors,
      dropOff: before - visitors,
      conversion: share(visitors, reached[0] ?? 0),
      conversionFromPrevious: share(visitors, before),
    };
  });
}

/**
 * How a visitor's day is matched in SQL (./funnels.server.ts): each of their steps becomes one character, chr(256
 * + the set of funnel steps it matches, as bits), in time order; step k is reached when the string matches
 * "[step 1's characters].*[step 2's].*…[step k's]" (each step a later character than the one before).
 */
export function reachedPattern(stepCount: number, k: number): string {
  const classes: string[] = [];
  for (let step = 0; step < k; step++) {
    let chars = "";
    for (let mask = 1; mask < 1 << stepCount; mask++) if (mask & (1 << step)) chars += String.fromCharCode(256 + mask);
    classes.push(`[${chars}]`);
  }
  return classes.join(".*");
}

/** The reference of reachedPattern (for its test): the steps reached by a day's steps in order, each a set of funnel steps. */
export function stepsReached(day: number[][], stepCount: number): number {
  let k = 0;
  for (const matched of day) if (k < stepCount && matched.includes(k)) k++;
  return k;
}
