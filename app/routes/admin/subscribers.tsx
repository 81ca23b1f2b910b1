import type { Route } from "./+types/subscribers";
import { sectionMeta } from "~/admin-dashboard";
import { requireSection } from "~/admin-dashboard.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { SubscribersPanel } from "~/audience/components/subscribers-panel";
import { hasRole } from "~/auth/roles";

export const meta: Route.MetaFunction = () => sectionMeta("subscribers");

// Editors see the lists' counts; administrators and the owner the people too.
export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireSection(request, "subscribers");
  return { full: hasRole(staff.role, "administrator") };
}

export default function SubscribersSection({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading title="Subscribers" />
      <SubscribersPanel full={loaderData.full} />
    </>
  );
}
