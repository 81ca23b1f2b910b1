import type { Route } from "./+types/webhooks";
import { sectionMeta } from "~/admin-dashboard";
import { requireSection } from "~/admin-dashboard.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { WebhooksPanel } from "~/webhooks/components/webhooks-panel";

export const meta: Route.MetaFunction = () => sectionMeta("webhooks");

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "webhooks");
  return null;
}

export default function Section() {
  return (
    <>
      <SectionHeading title="Webhooks" />
      <WebhooksPanel />
    </>
  );
}
