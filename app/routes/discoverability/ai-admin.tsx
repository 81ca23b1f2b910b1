import type { Route } from "./+types/ai-admin";
import { requireStaff } from "~/auth/session.server";
import { currentConfigWarnings } from "~/ops/config-warnings.server";
import { AdminSessionProvider } from "~/admin/admin-api";
import { ToastProvider } from "~/components/ui/toast";
import { AiAdminDashboard } from "~/discoverability/components/ai-admin-dashboard";

import type { PageHandle } from "~/core/page-handle";
import { ADMIN_FRAME_HANDLE } from "~/admin/components/admin-frame";

// The admin's own frame (no public header and footer), never stored anywhere.
export const handle = { ...ADMIN_FRAME_HANDLE, private: true } satisfies PageHandle;

export const meta: Route.MetaFunction = () => [
  { title: "AI Discoverability Dashboard" },
  { name: "description", content: "How search engines and AI crawlers see Clink: indexing, crawler activity and sitemap submission." },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { staff: admin } = await requireStaff(request, "administrator");
  return { admin: { email: admin.email }, configWarnings: currentConfigWarnings() };
}

export default function AiAdminPage() {
  return (
    <ToastProvider>
      <AdminSessionProvider>
        <AiAdminDashboard />
      </AdminSessionProvider>
    </ToastProvider>
  );
}
