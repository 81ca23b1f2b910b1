import type { Route } from "./+types/ai-admin";
import { requireStaff } from "~/auth/session.server";
import { AiAdminDashboard } from "~/discoverability/components/ai-admin-dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "AI Discoverability Dashboard" },
  { name: "description", content: "How search engines and AI crawlers see Clink: indexing, crawler activity and sitemap submission." },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { staff: admin } = await requireStaff(request, "administrator");
  return { admin: { email: admin.email } };
}

export default function AiAdminPage() {
  // Inside the admin's shell (app/routes/admin/layout.tsx): its navigation, toasts and session.
  return <AiAdminDashboard />;
}
