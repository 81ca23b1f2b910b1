import type { Route } from "./+types/broadcasts";
import { sectionHeading, sectionMeta } from "~/admin-sections";
import { requireSection } from "~/admin-sections.server";
import { SectionHeading } from "~/admin/components/admin-shell";
import { canSendBroadcasts } from "~/audience/broadcasts";
import { listBroadcasts } from "~/audience/broadcasts.server";
import { BroadcastsPanel } from "~/audience/components/broadcasts-panel";
import { PostMailingsPanel } from "~/audience/components/post-mailings-panel";
import { listPostMailings } from "~/audience/post-mail-control.server";

export const meta: Route.MetaFunction = () => sectionMeta("broadcasts");

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireSection(request, "broadcasts");
  const [broadcasts, mailings] = await Promise.all([listBroadcasts(), listPostMailings()]);
  return { broadcasts, mailings, canSend: canSendBroadcasts(staff.role) };
}

export default function BroadcastsSection({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading title={sectionHeading("broadcasts")} />
      <BroadcastsPanel broadcasts={loaderData.broadcasts} />
      <PostMailingsPanel items={loaderData.mailings} canAct={loaderData.canSend} />
    </>
  );
}
