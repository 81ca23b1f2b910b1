import type { Route } from "./+types/webhooks";
import { sectionHeading, sectionMeta } from "~/admin-sections";
import { requireSection } from "~/admin-sections.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { WebhooksPanel } from "~/webhooks/components/webhooks-panel";
import { listWebhooks } from "~/webhooks/endpoints.server";

export const meta: Route.MetaFunction = () => sectionMeta("webhooks");

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "webhooks");
  return { webhooks: await listWebhooks() };
}

export default function Section({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading title={sectionHeading("webhooks")} />
      <WebhooksPanel webhooks={loaderData.webhooks} />
    </>
  );
}
