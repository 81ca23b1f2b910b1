import type { Route } from "./+types/subscribers";
import { sectionMeta } from "~/admin/sections";
import { preloadAnswers, requireSection, type PreloadCall } from "~/admin/sections.server";
import { PreloadedAnswersProvider } from "~/admin/preloaded-answers";
import { loader as countsApi } from "~/routes/audience/api.admin.audience";
import { loader as peopleApi } from "~/routes/audience/api.admin.subscribers";
import { SectionHeading } from "~/admin/components/admin-shell";
import { FIRST_LIST, SubscribersPanel } from "~/audience/components/subscribers-panel";
import { hasRole } from "~/auth/roles";
import { SUPPRESSIONS_URL, SuppressionsPanel } from "~/deliverability/components/suppressions-panel";
import { loader as suppressionsApi } from "~/routes/deliverability/api.admin.suppressions";

export const meta: Route.MetaFunction = () => sectionMeta("subscribers");

// Editors see the lists' counts; administrators and the owner the people and the suppression list too.
export async function loader(args: Route.LoaderArgs) {
  const { staff } = await requireSection(args.request, "subscribers");
  const full = hasRole(staff.role, "administrator");
  const calls: PreloadCall[] = [{ url: "/api/admin/audience", loader: countsApi }];
  if (full) calls.push({ url: `/api/admin/subscribers?list=${FIRST_LIST}`, loader: peopleApi }, { url: SUPPRESSIONS_URL, loader: suppressionsApi });
  return { full, answers: await preloadAnswers(args, calls) };
}

export default function SubscribersSection({ loaderData }: Route.ComponentProps) {
  return (
    <PreloadedAnswersProvider answers={loaderData.answers}>
      <SectionHeading title="Subscribers" />
      <SubscribersPanel full={loaderData.full} />
      {loaderData.full ? <SuppressionsPanel /> : null}
    </PreloadedAnswersProvider>
  );
}
