import { CircleAlert, PartyPopper } from "lucide-react";
import { data } from "react-router";
import type { Route } from "./+types/early-access.confirm";
import { LIST_LABELS } from "~/audience/lists";
import { confirmSubscription, inspectConfirmLink, type Confirmation, type ConfirmLinkState } from "~/audience/subscriptions.server";
import type { PageHandle } from "~/core/page-handle";
import { pageSeo } from "~/site/seo";

/** Personal (a token in the address): never cached; plain HTML, the button posts without JavaScript. */
export const handle = { hydrate: false } as const satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(matches, "/early-access/confirm", { webPage: false });

const noStore = { "Cache-Control": "no-store" };

const LINK_MESSAGES: Record<Exclude<ConfirmLinkState, "valid">, string> = {
  expired: "This confirmation link has expired. Links work for 24 hours: please sign up again.",
  used: "This confirmation link has already been used. Your subscription is confirmed; there is nothing more to do.",
  unknown: "This confirmation link is not valid. Please use the link from your most recent e-mail, or sign up again.",
};

/** Opening the link only looks: mail scanners that follow links confirm nothing. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return data({ token, state: await inspectConfirmLink(token) }, { headers: noStore });
}

/** The button: the token works once. */
export async function action({ request }: Route.ActionArgs) {
  let token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    const form = await request.formData();
    token = String(form.get("token") ?? token);
  } catch {
    // not a form: the address's token, if any
  }
  const confirmation: Confirmation = await confirmSubscription(token);
  return data(confirmation, { status: confirmation.outcome === "confirmed" ? 200 : 400, headers: noStore });
}

export default function ConfirmSubscriptionPage({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome ?? (loaderData.state === "valid" ? null : loaderData.state);
  return (
    <section className="container-page max-w-2xl py-14 sm:py-20">
      <p className="eyebrow">Subscriptions</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight">Confirm your subscription</h1>
      {actionData?.outcome === "confirmed" ? (
        <div role="status" className="mt-8 rounded-2xl border border-emerald-300 bg-emerald-50 p-6 text-emerald-950">
          <PartyPopper aria-hidden="true" className="h-8 w-8 text-emerald-700" />
          <h2 className="mt-3 text-xl font-bold">You are confirmed</h2>
          <ul className="mt-2 grid gap-1 leading-7">
            {actionData.lists.map(({ list, state }) => (
              <li key={list}>
                {list === "waitlist"
                  ? state === "confirmed"
                    ? "Your founding spot on the early-adopter list is yours."
                    : "The early-adopter list is full: we will e-mail you once, when Clink opens in your city."
                  : `${LIST_LABELS[list]}: you will get one e-mail per new post.`}
              </li>
            ))}
          </ul>
          <a href="/" className="btn btn-primary mt-5">
            Return to Home
          </a>
        </div>
      ) : outcome ? (
        <div role="alert" className="mt-8 rounded-2xl border border-amber-300 bg-amber-50 p-6 text-amber-950">
          <CircleAlert aria-hidden="true" className="h-8 w-8 text-amber-700" />
          <p className="mt-3 leading-7">{LINK_MESSAGES[outcome as Exclude<ConfirmLinkState, "valid">]}</p>
          <div className="mt-5 flex flex-wrap gap-3">
            <a href="/early-access" className="btn btn-primary">
              Sign up again
            </a>
            <a href="/" className="btn btn-secondary">
              Return to Home
            </a>
          </div>
        </div>
      ) : (
        <div className="card mt-8">
          <p className="leading-7 text-slate-700">Press the button to confirm your subscription. Nothing is confirmed until you do.</p>
          <form method="post" action="/early-access/confirm" className="mt-6">
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" className="btn btn-primary">
              Confirm my subscription
            </button>
          </form>
        </div>
      )}
    </section>
  );
}
