// Relative: app/routes.ts reads this list where the `~` alias is not known.
import { hasRole, type StaffRole } from "./auth/roles";

/**
 * The admin's sections, the one list (decision 0050, 0095): app/routes.ts makes each entry's route (and the
 * addresses under it) inside the admin's shell, the navigation shows the entries a role may open, and the tests
 * walk the same list. `file` is the section's one module in app/routes/, by default app/routes/admin/ named as
 * the address's last part (its loader calls requireSection with the same id, so the server refuses what the
 * navigation hides); `heading` is its h1 where that is not its label. A new section is one entry here plus its
 * module.
 */
export type AdminSection = {
  id: string;
  path: string;
  label: string;
  group: string;
  role: StaffRole;
  file?: string;
  heading?: string;
  /** Pages that lie under the section (a post's editor under Posts), each a route of its own. */
  under?: ReadonlyArray<{ path: string; file: string; routeId?: string }>;
};

const POST_EDITOR = "routes/admin/post-editor.tsx";
// At /ai-admin as the spec has it, inside the same shell.
const AI = "routes/discoverability/ai-admin.tsx";

export const ADMIN_SECTIONS = [
  { id: "overview", path: "/admin", label: "Overview", group: "", role: "contributor", file: "routes/admin/index.tsx" },
  {
    id: "posts",
    path: "/admin/posts",
    label: "Posts",
    group: "Content",
    role: "contributor",
    // The spec's name for the blog's admin page.
    heading: "Blog Management",
    under: [
      { path: "/admin/posts/new", file: POST_EDITOR, routeId: "admin-post-new" },
      { path: "/admin/posts/:id", file: POST_EDITOR },
    ],
  },
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
  {
    id: "ai",
    path: "/ai-admin",
    label: "AI discoverability",
    group: "Site",
    role: "administrator",
    file: AI,
    heading: "AI Discoverability Dashboard",
  },
  { id: "staff", path: "/admin/staff", label: "Staff", group: "Settings", role: "editor", file: "routes/auth/staff.tsx" },
  { id: "integrations", path: "/admin/integrations", label: "Integrations", group: "Settings", role: "administrator" },
  { id: "webhooks", path: "/admin/webhooks", label: "Webhooks", group: "Settings", role: "administrator" },
  // Browser and server errors grouped (issue 53).
  { id: "errors", path: "/admin/errors", label: "Errors", group: "Settings", role: "administrator" },
  { id: "system", path: "/admin/system", label: "System", group: "Settings", role: "administrator" },
  {
    id: "profile",
    path: "/admin/profile",
    label: "Profile & security",
    group: "Settings",
    role: "contributor",
    file: "routes/auth/profile.tsx",
    heading: "Your profile",
    under: [{ path: "/admin/security", file: "routes/auth/security.tsx" }],
  },
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
  let best: AdminSection | null = null;
  for (const s of ADMIN_SECTIONS as readonly AdminSection[]) {
    const under =
      pathname === s.path ||
      (s.path !== "/admin" && pathname.startsWith(`${s.path}/`)) ||
      (s.under ?? []).some((page) => pathname === page.path);
    if (under && (!best || s.path.length > best.path.length)) best = s;
  }
  return best;
}

/** A section's h1: its heading where it has one, else its label. */
export function sectionHeading(id: SectionId): string {
  return section(id).heading ?? section(id).label;
}

/** Every route of the admin's shell, from the list: each section's and those of the pages under it. */
export function sectionRoutes(): Array<{ path: string; file: string; routeId?: string }> {
  const fileOf = (s: AdminSection) => s.file ?? `routes/admin/${s.path.split("/").at(-1)}.tsx`;
  return (ADMIN_SECTIONS as readonly AdminSection[]).flatMap((s) => [{ path: s.path, file: fileOf(s) }, ...(s.under ?? [])]);
}

/** The old single page's `?tab=` values (every bookmark and link made before decision 0050) and their sections. */
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
