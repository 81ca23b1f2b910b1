import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/**
 * Every address the site answers, grouped by area. Pages live in app/routes/<area>/,
 * JSON and XML endpoints in app/routes/resources/.
 */
export default [
  layout("routes/_marketing/layout.tsx", [
    index("routes/_marketing/home.tsx"),
    route("about", "routes/_marketing/about.tsx"),
    route("faq", "routes/_marketing/faq.tsx"),
    route("contact", "routes/_marketing/contact.tsx"),
    route("advertise", "routes/_marketing/advertise.tsx"),
    route("privacy-policy", "routes/_marketing/privacy-policy.tsx"),
    route("terms-conditions", "routes/_marketing/terms-conditions.tsx"),
    route("delete-my-data", "routes/_marketing/delete-my-data.tsx"),
    route("irl-meetups", "routes/_marketing/irl-meetups.tsx"),
    route("social-drinking-app", "routes/_marketing/social-drinking-app.tsx"),
    route("happy-hour", "routes/_marketing/happy-hour.tsx"),
    route("meetups", "routes/_marketing/meetups.tsx"),
    route("dating", "routes/_marketing/dating.tsx"),
    route("venue-map", "routes/_marketing/venue-map.tsx"),
  ]),
  route("blog", "routes/blog/index.tsx"),
  route("blog/rss.xml", "routes/resources/blog.rss.ts"),
  route("blog/:slug", "routes/blog/post.tsx"),
  route("search", "routes/search.tsx"),
  route("admin", "routes/admin/index.tsx"),
  route("ai-admin", "routes/admin/ai-admin.tsx"),

  ...prefix("api", [
    route("admin/login", "routes/resources/api.admin.login.ts"),
    route("admin/logout", "routes/resources/api.admin.logout.ts"),
    route("admin/session", "routes/resources/api.admin.session.ts"),
    route("contact", "routes/resources/api.contact.ts"),
    route("admin/contact-submissions", "routes/resources/api.admin.contact-submissions.ts"),
    route("admin/contact-submissions.csv", "routes/resources/api.admin.contact-submissions.csv.ts"),
    route("admin/contact-submissions/:id", "routes/resources/api.admin.contact-submissions.$id.ts"),
    route("admin/posts", "routes/resources/api.admin.posts.ts"),
    route("blog", "routes/resources/api.blog.ts"),
    route("blog/:id", "routes/resources/api.blog.id.ts"),
    route("blog/:id/image", "routes/resources/api.blog.id.image.ts"),
    route("upload", "routes/resources/api.upload.ts"),
    route("tag-suggestions", "routes/resources/api.tag-suggestions.ts"),
    route("*", "routes/resources/api.not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
