import { labelledValues } from "~/core/text/labelled-values";

/** The blog's categories. Kept apart from the Zod schemas so public pages load no validation code. */
export const {
  values: BLOG_CATEGORIES,
  labels: BLOG_CATEGORY_LABELS,
  is: isBlogCategory,
} = labelledValues({ events: "Events", nightlife: "Nightlife", social: "Social", tips: "Tips", updates: "Updates" });

/** A category as readers see it; an unknown one (older data) capitalised rather than hidden. */
export function categoryLabel(category: string): string {
  return isBlogCategory(category) ? BLOG_CATEGORY_LABELS[category] : category.charAt(0).toUpperCase() + category.slice(1);
}
