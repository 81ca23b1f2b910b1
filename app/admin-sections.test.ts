import { describe, expect, it } from "vitest";
import { addressOfOldTab, ADMIN_SECTIONS, currentSection, navigationFor } from "~/admin-sections";
import routes from "~/routes";
import { changeText } from "~/admin-overview";

const paths = (role: Parameters<typeof navigationFor>[0]) => navigationFor(role).flatMap((g) => g.items.map((i) => i.path));

describe("the admin's sections", () => {
  it("sends every old ?tab= address to its section, keeping the list's query", () => {
    expect(addressOfOldTab(new URL("http://x/admin?tab=blog&pq=gin&ppage=2"))).toBe("/admin/posts?pq=gin&ppage=2");
    expect(addressOfOldTab(new URL("http://x/admin?tab=audience"))).toBe("/admin/analytics");
    expect(addressOfOldTab(new URL("http://x/admin?tab=submissions"))).toBe("/admin/contact-submissions");
    expect(addressOfOldTab(new URL("http://x/admin?tab=nonsense"))).toBe("/admin");
    expect(addressOfOldTab(new URL("http://x/admin"))).toBeNull();
  });

  it("shows each role only the sections its rights allow (decision 0012)", () => {
    expect(paths("contributor")).toEqual(["/admin", "/admin/posts", "/admin/profile"]);
    expect(paths("author")).toEqual(["/admin", "/admin/posts", "/admin/analytics", "/admin/profile"]);
    expect(paths("editor")).not.toContain("/admin/contact-submissions");
    expect(paths("editor")).toContain("/admin/staff");
    expect(paths("administrator")).toEqual(ADMIN_SECTIONS.map((s) => s.path));
  });

  it("groups the navigation in the list's order, the overview alone first", () => {
    expect(navigationFor("owner").map((g) => g.group)).toEqual(["", "Content", "Audience", "Inbox", "Site", "Settings"]);
  });

  it("lists a section for every admin route, and no section without a route", () => {
    type Entry = { path?: string; file: string; children?: Entry[] };
    const files = (entries: Entry[]): Entry[] => entries.flatMap((e) => (e.children ? files(e.children) : [e]));
    const sectionRoutes = files(routes as Entry[]).filter(
      (e) => e.file.startsWith("routes/admin/") && e.file !== "routes/admin/layout.tsx",
    );
    // Each route in app/routes/admin/ is a section, or lies under one (a post's editor under Posts).
    for (const route of sectionRoutes) expect(currentSection(`/${route.path}`), route.file).not.toBeNull();
    const routed = new Set(files(routes as Entry[]).map((e) => `/${e.path ?? ""}`));
    for (const s of ADMIN_SECTIONS) expect(routed.has(s.path), s.path).toBe(true);
  });

  it("marks the section an address lies under", () => {
    expect(currentSection("/admin")?.id).toBe("overview");
    expect(currentSection("/admin/posts/12")?.id).toBe("posts");
    expect(currentSection("/admin/posts/new")?.id).toBe("posts");
    expect(currentSection("/admin/security")?.id).toBe("profile");
    expect(currentSection("/ai-admin")?.id).toBe("ai");
    expect(currentSection("/admin/setup")).toBeNull();
  });
});

describe("the overview's change line", () => {
  it("says how a figure moved against the one before", () => {
    expect(changeText(12, 10, "yesterday")).toBe("+20% on yesterday");
    expect(changeText(5, 10, "yesterday")).toBe("-50% on yesterday");
    expect(changeText(3, 3, "yesterday")).toBe("no change on yesterday");
    expect(changeText(4, 0, "yesterday")).toBe("up from none yesterday");
  });
});
