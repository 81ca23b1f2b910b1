import type { Route } from "./+types/errors";
import { sectionHeading, sectionMeta } from "~/admin-sections";
import { requireSection } from "~/admin-sections.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { ErrorsPanel } from "~/errors/components/errors-panel";
import { listErrorIssues } from "~/errors/issues.server";

export const meta: Route.MetaFunction = () => sectionMeta("errors");

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "errors");
  return { items: await listErrorIssues() };
}

export default function Section({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading title={sectionHeading("errors")} />
      <ErrorsPanel items={loaderData.items} />
    </>
  );
}
