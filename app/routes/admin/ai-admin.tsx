import type { Route } from "./+types/ai-admin";
import { requireAdmin } from "~/auth/session.server";

import type { PageHandle } from "~/core/page-handle";

// The admin's own pages: never stored by a browser, proxy or our cache.
export const handle = { private: true } satisfies PageHandle;

export const meta: Route.MetaFunction = () => [
  { title: "AI Discoverability Dashboard" },
  { name: "description", content: "How search engines and AI crawlers see Clink: indexing, crawler activity and sitemap submission." },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { admin } = await requireAdmin(request);
  return { admin: { email: admin.email } };
}

export default function AiAdminPage() {
  return (
    <section className="container-page py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">AI Discoverability Dashboard</h1>
    </section>
  );
}
