import { hasRole, type StaffRole } from "~/auth/roles";

/**
 * The admin's sections: the one list of what the navigation shows, where each section lives and the least role
 * that sees it (decision 0050). Each section is a route of its own in app/routes/admin/ (named in app/routes.ts),
 * whose loader calls requireStaff with the same role (`sectionRole`), so the server refuses what the navigation
 * hides. A new section is one line here plus its route; its panel lives in its feature's folder.
 */
export type AdminSection = { id: string; path: string; label: string; group: string; role: StaffRole };

export const ADMIN_SECTIONS = [
  { id: "overview", path: "/admin", label: "Overview", group: "", role: "contributor" },
  { id: "posts", path: "/admin/posts", label: "Posts", group: "Content", role: "contributor" },
  { id: "tags", path: "/admin/tags", label: "Tags", group: "Content", role: "editor" },
  { id: "media", path: "/admin/media", label: "Media", group: "Content", role: "editor" },
  { id: "content", path: "/admin/import-export", label: "Import & export", group: "Content", role: "administrator" },
  { id: "analytics", path: "/admin/analytics", label: "Analytics", group: "Audience", role: "author" },
  // The mailing lists (issue 33): editors see the counts, administrators and the owner the people too.
  { id: "subscribers", path: "/admin/subscribers", label: "Subscribers", group: "Audience", role: "editor" },
  // Broadcasts (issue 43): editors write and test, administrators and the owner send (the panel asks the API).
  { id: "broadcasts", path: "/admin/broadcasts", label: "Broadcasts", group: "Audience", role: "editor" },
  { id: "submissions", path: "/admin/contact-submissions", label: "Contact Submissions", group: "Inbox", role: "administrator" },
  { id: "deletions", path: "/admin/deletion-requests", label: "Deletion requests", group: "Inbox", role: "administrator" },
  { id: "venues", path: "/admin/venues", label: "Venues", group: "Site", role: "editor" },
  { id: "redirects", path: "/admin/redirects", label: "Redirects", group: "Site", role: "editor" },
  { id: "ai", path: "/ai-admin", label: "AI discoverability", group: "Site", role: "administrator" },
  { id: "staff", path: "/admin/staff", label: "Staff", group: "Settings", role: "editor" },
  { id: "integrations", path: "/admin/integrations", label: "Integrations", group: "Settings", role: "administrator" },
  { id: "webhooks", path: "/admin/webhooks", label: "Webhooks", group: "Settings", role: "administrator" },
  // Browser and server errors grouped (issue 53).
  { id: "errors", path: "/admin/errors", label: "Errors", group: "Settings", role: "administrator" },
  { id: "system", path: "/admin/system", label: "System", group: "Settings", role: "administrator" },
  { id: "profile", path: "/admin/profile", label: "Profile & security", group: "Settings", role: "contributor" },
] as const satisfies readonly AdminSection[];

export type SectionId = (typeof ADMIN_SECTIONS)[number]["id"];

const BY_ID = new Map<string, AdminSection>(ADMIN_SECTIONS.map((s) => [s.id, s]));

export function section(id: SectionId): AdminSection {
  return BY_ID.get(id)!;
}

/** The least role that opens a section: what its loader asks requireStaff for. */
export function sectionRole(id: SectionId): StaffRole {
  return section(id).role;
}

/** The sections a role sees, grouped in the navigation's order (the overview's group is ""). */
export function navigationFor(role: StaffRole): Array<{ group: string; items: AdminSection[] }> {
  const groups: Array<{ group: string; items: AdminSection[] }> = [];
  for (const s of ADMIN_SECTIONS.filter((s) => hasRole(role, s.role))) {
    const last = groups.at(-1);
    if (last && last.group === s.group) last.items.push(s);
    else groups.push({ group: s.group, items: [s] });
  }
  return groups;
}

/** The navigation item an address belongs to: its own, or the one it lies under (a post's editor: Posts). */
export function currentSection(pathname: string): AdminSection | null {
  if (pathname === "/admin/security") return section("profile");
  let best: AdminSection | null = null;
  for (const s of ADMIN_SECTIONS) {
    const under = pathname === s.path || (s.path !== "/admin" && pathname.startsWith(`${s.path}/`));
    if (under && (!best || s.path.length > best.path.length)) best = s;
  }
  return best ?? (pathname === "/admin" ? section("overview") : null);
}

/** The dashboard's old `?tab=` values (every bookmark and link made before decision 0050) and their sections. */
const OLD_TABS: Record<string, SectionId> = {
  submissions: "submissions",
  audience: "analytics",
  subscribers: "subscribers",
  broadcasts: "broadcasts",
  deletions: "deletions",
  blog: "posts",
  tags: "tags",
  media: "media",
  content: "content",
  venues: "venues",
  redirects: "redirects",
  integrations: "integrations",
  webhooks: "webhooks",
  system: "system",
};

/**
 * Where an old `/admin?tab=…` address lives now, with the rest of its query (a list's page, search and filter),
 * or null when the address has no old tab. An unknown tab goes to the overview.
 */
export function addressOfOldTab(url: URL): string | null {
  const tab = url.searchParams.get("tab");
  if (tab === null) return null;
  const rest = new URLSearchParams(url.searchParams);
  rest.delete("tab");
  const query = rest.size > 0 ? `?${rest}` : "";
  return `${section(OLD_TABS[tab] ?? "overview").path}${query}`;
}

/** A section's `<title>` and robots line (the admin is never indexed). */
export function sectionMeta(id: SectionId, title = section(id).label) {
  return [{ title: `${title} · Clink Admin` }, { name: "robots", content: "noindex, nofollow" }];
}
