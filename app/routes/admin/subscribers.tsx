import type { Route } from "./+types/subscribers";
import { sectionHeading, sectionMeta } from "~/admin-sections";
import { requireSection } from "~/admin-sections.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { audienceCounts, listSubscribers } from "~/audience/admin.server";
import { peopleListOf, SubscribersPanel } from "~/audience/components/subscribers-panel";
import { subscriberListSchema } from "~/audience/lists";
import { hasRole } from "~/auth/roles";
import { SuppressionsPanel } from "~/deliverability/components/suppressions-panel";
import { listSuppressions } from "~/deliverability/suppressions.server";

export const meta: Route.MetaFunction = () => sectionMeta("subscribers");

// Editors see the lists' counts; administrators and the owner the people of the list in the address and the
// suppression list too.
export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireSection(request, "subscribers");
  const full = hasRole(staff.role, "administrator");
  const asked = subscriberListSchema.safeParse(peopleListOf(new URL(request.url).searchParams));
  const list = asked.success ? asked.data : "waitlist";
  const [counts, people, suppressions] = await Promise.all([
    audienceCounts(),
    full ? listSubscribers(list) : null,
    full ? listSuppressions() : null,
  ]);
  return { counts, people, suppressions };
}

export default function SubscribersSection({ loaderData }: Route.ComponentProps) {
  const { counts, people, suppressions } = loaderData;
  return (
    <>
      <SectionHeading title={sectionHeading("subscribers")} />
      <SubscribersPanel counts={counts} people={people} />
      {suppressions ? <SuppressionsPanel items={suppressions} /> : null}
    </>
  );
}
