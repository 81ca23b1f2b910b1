import type { SitePage } from "./site-page";

/** A staff page: never indexable (not in the sitemap or site search). */
const staffPage = (entry: Omit<SitePage, "indexable">): SitePage => ({ ...entry, indexable: false });

/** The admin's and staff's pages in the one page registry (./pages.ts, which lists them after the public ones). */
export const STAFF_PAGES: readonly SitePage[] = [
  staffPage({
    path: "/admin",
    name: "Admin",
    group: "admin",
    title: "Admin Login",
    description: "Sign in to manage Clink's contact submissions and blog posts.",
  }),
  staffPage({
    path: "/ai-admin",
    name: "AI Discoverability",
    group: "admin",
    title: "AI Discoverability Dashboard",
    description: "How search engines and AI crawlers see Clink: indexing, crawler activity and sitemap submission.",
  }),
  // Staff pages: reached from the admin or from e-mailed one-time links, never from search engines.
  staffPage({
    path: "/admin/staff",
    name: "Staff",
    group: "admin",
    title: "Staff",
    description: "Invite staff, give each the role their work needs, suspend accounts and hand over ownership of the site.",
  }),
  staffPage({
    path: "/admin/profile",
    name: "Profile",
    group: "admin",
    title: "Your profile",
    description: "Your name, byline, bio and avatar as readers see them on the blog, and the e-mail address you sign in with.",
  }),
  staffPage({
    path: "/admin/security",
    name: "Security",
    group: "admin",
    title: "Sign-in security",
    description: "Your password, two-factor sign-in, recovery codes, passkeys and the devices where you are signed in.",
  }),
  staffPage({
    path: "/admin/forgot-password",
    name: "Forgot Password",
    group: "admin",
    title: "Forgot your password?",
    description: "Ask for a link to choose a new password for your staff account; the link works once, within one hour.",
  }),
  staffPage({
    path: "/admin/reset-password",
    name: "Reset Password",
    group: "admin",
    title: "Choose a new password",
    description: "Choose a new password for your staff account; every other session of yours ends when it is saved.",
  }),
  staffPage({
    path: "/admin/accept-invitation",
    name: "Accept Invitation",
    group: "admin",
    title: "Join the team",
    description: "Accept an invitation to the admin: choose the name readers see on your posts and a strong password.",
  }),
  staffPage({
    path: "/admin/setup",
    name: "Setup",
    group: "admin",
    title: "Create the owner account",
    description: "Create the first account of the site: the owner, who can invite staff and change every setting.",
  }),
  staffPage({
    path: "/admin/sign-in/second-step",
    name: "Second Step",
    group: "admin",
    title: "Two-factor sign-in",
    description: "Finish signing in with a code from your authenticator app, a recovery code or a passkey.",
  }),
];
