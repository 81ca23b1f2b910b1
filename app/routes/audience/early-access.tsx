import type { Route } from "./+types/early-access";
import { countAcceptedForm } from "~/analytics/collect.server";
import { WaitlistCard } from "~/audience/components/waitlist-card";
import { waitlistForm } from "~/audience/forms";
import { signUpForWaitlist } from "~/audience/subscriptions.server";
import { waitlistSpots } from "~/audience/spots.server";
import { SPOTS_TAG } from "~/core/caches/cache-tags";
import type { PageHandle } from "~/core/http/page-handle";
import { handleFormPost } from "~/forms/public-form.server";
import { pageSeo } from "~/site/seo";

/** The same for everyone until the spots change (the front cache keys it on them); plain HTML. */
export const handle = { pageCache: { versions: ["spots"] }, hydrate: false, cacheTags: [SPOTS_TAG] } as const satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(matches, "/early-access");

export async function loader() {
  return { spots: await waitlistSpots() };
}

/** The early-adopter form posted without JavaScript (from this page or the card on /). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleFormPost(request, waitlistForm, async (input) =>
    countAcceptedForm(await signUpForWaitlist(input, context.clientIp), "signup", input.page ?? "/early-access", request, context.clientIp),
  );
}

export default function EarlyAccessPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="container-page grid max-w-5xl gap-10 py-14 sm:py-20 lg:grid-cols-[1fr_26rem]">
      <div>
        <p className="eyebrow">Early access</p>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">Claim your founding spot</h1>
        <p className="lead mt-6">
          Be among the first {loaderData.spots.total} people on Clink. Founding members get free Premium for their first three months and a
          founder badge on their profile.
        </p>
        <ul className="mt-6 grid gap-3 leading-7 text-slate-700">
          <li>Pick your city and your phone, and confirm your address from the e-mail we send you.</li>
          <li>A spot is yours once you confirm: the count on this page goes down as people do.</li>
          <li>We only e-mail you about your spot and the app opening in your city. One click leaves the list.</li>
        </ul>
      </div>
      <WaitlistCard left={loaderData.spots.left} page="/early-access" result={actionData} />
    </section>
  );
}
