import { PartyPopper } from "lucide-react";
import { data } from "react-router";
import type { Route } from "./+types/early-access.confirm";
import { LIST_LABELS } from "~/audience/lists";
import { LinkConfirmPage } from "~/components/link-confirm-page";
import { confirmSubscription, inspectConfirmLink, type Confirmation, type ConfirmLinkState } from "~/audience/subscriptions.server";
import type { PageHandle } from "~/core/http/page-handle";
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
  const confirmed = actionData?.outcome === "confirmed" ? actionData : null;
  return (
    <LinkConfirmPage
      eyebrow="Subscriptions"
      title="Confirm your subscription"
      confirmed={
        confirmed && {
          icon: PartyPopper,
          heading: "You are confirmed",
          body: (
            <ul className="mt-2 grid gap-1 leading-7">
              {confirmed.lists.map(({ list, state }) => (
                <li key={list}>
                  {list === "waitlist"
                    ? state === "confirmed"
                      ? "Your founding spot on the early-adopter list is yours."
                      : "The early-adopter list is full: we will e-mail you once, when Clink opens in your city."
                    : `${LIST_LABELS[list]}: you will get one e-mail per new post.`}
                </li>
              ))}
            </ul>
          ),
        }
      }
      problem={
        outcome && outcome !== "confirmed"
          ? {
              message: LINK_MESSAGES[outcome as Exclude<ConfirmLinkState, "valid">],
              retry: { to: "/early-access", label: "Sign up again" },
            }
          : null
      }
    >
      <p className="leading-7 text-slate-700">Press the button to confirm your subscription. Nothing is confirmed until you do.</p>
      <form method="post" action="/early-access/confirm" className="mt-6">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="btn btn-primary">
          Confirm my subscription
        </button>
      </form>
    </LinkConfirmPage>
  );
}
