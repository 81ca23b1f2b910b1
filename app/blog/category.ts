/** The blog's categories. Kept apart from the Zod schemas so public pages load no validation code. */
export const BLOG_CATEGORIES = ["events", "nightlife", "social", "tips", "updates"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export const BLOG_CATEGORY_LABELS: Record<BlogCategory, string> = {
  events: "Events",
  nightlife: "Nightlife",
  social: "Social",
  tips: "Tips",
  updates: "Updates",
};

export function isBlogCategory(value: unknown): value is BlogCategory {
  return typeof value === "string" && (BLOG_CATEGORIES as readonly string[]).includes(value);
}

/** A category as readers see it; an unknown one (older data) capitalised rather than hidden. */
export function categoryLabel(category: string): string {
  return isBlogCategory(category) ? BLOG_CATEGORY_LABELS[category] : category.charAt(0).toUpperCase() + category.slice(1);
}
