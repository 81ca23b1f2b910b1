import { staffPageMeta } from "~/site/seo";
import type { Route } from "./+types/staff";
import { ADMIN_FRAME_HANDLE } from "~/admin/components/admin-frame";
import { AdminPageHeader } from "~/auth/components/admin-page-header";
import { InviteForm, StaffDirectory } from "~/auth/components/staff-directory";
import { PendingInvitations } from "~/auth/components/pending-invitations";
import type { PageHandle } from "~/core/http/page-handle";

// Editors and up (editors invite and manage authors and contributors; administrators everyone but the owner).
export const handle = { ...ADMIN_FRAME_HANDLE, private: true } satisfies PageHandle;

export const meta: Route.MetaFunction = () => staffPageMeta("/admin/staff");

export async function loader({ request }: Route.LoaderArgs) {
  const { staffPageData } = await import("~/auth/staff-page.server");
  return staffPageData(request);
}

export async function action({ request }: Route.ActionArgs) {
  const { staffPageAction } = await import("~/auth/staff-page.server");
  return staffPageAction(request);
}

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="container-page grid gap-6 py-6 sm:py-10">
      <AdminPageHeader title="Staff" intro="Who works on the site, and what each of them may do." />
      <InviteForm assignable={loaderData.assignable} result={actionData} />
      <PendingInvitations invitations={loaderData.invitations} result={actionData} />
      <StaffDirectory me={loaderData.me} staff={loaderData.staff} assignable={loaderData.assignable} result={actionData} />
    </section>
  );
}
