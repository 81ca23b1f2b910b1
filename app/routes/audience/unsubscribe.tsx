import { CircleAlert, MailX } from "lucide-react";
import { data } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { LIST_LABELS } from "~/audience/lists";
import { inspectUnsubscribeLink, unsubscribe } from "~/audience/subscriptions.server";
import type { PageHandle } from "~/core/http/page-handle";
import { pageSeo } from "~/site/seo";

/** Personal (a token in the address): never cached; plain HTML. */
export const handle = { hydrate: false } as const satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(matches, "/unsubscribe", { webPage: false });

const noStore = { "Cache-Control": "no-store" };

/** The e-mail's footer link and List-Unsubscribe address opened in a browser: a page with one button. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return data({ token, link: await inspectUnsubscribeLink(token) }, { headers: noStore });
}

/**
 * RFC 8058's one-click: a POST to the List-Unsubscribe address (its body `List-Unsubscribe=One-Click`)
 * ends the subscription at once, 200, no sign-in. The page's button posts here too; its "every list" box
 * leaves all the address's lists.
 */
export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  let token = url.searchParams.get("token") ?? "";
  let scope: "list" | "all" = "list";
  try {
    const form = await request.formData();
    if (typeof form.get("token") === "string" && form.get("token")) token = String(form.get("token"));
    if (form.get("scope") === "all") scope = "all";
  } catch {
    // a body that is not a form: the address's token is enough
  }
  const left = await unsubscribe(token, scope);
  return data({ done: left !== null, lists: left?.lists ?? [], scope }, { status: left ? 200 : 400, headers: noStore });
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const link = loaderData.link;
  return (
    <section className="container-page max-w-2xl py-14 sm:py-20">
      <p className="eyebrow">Subscriptions</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight">Unsubscribe</h1>
      {actionData?.done ? (
        <div role="status" className="mt-8 rounded-2xl border border-emerald-300 bg-emerald-50 p-6 text-emerald-950">
          <MailX aria-hidden="true" className="h-8 w-8 text-emerald-700" />
          <h2 className="mt-3 text-xl font-bold">You are unsubscribed</h2>
          <p className="mt-2 leading-7">
            {actionData.scope === "all" ? "You have left every Clink mailing list." : "You have left this list."} We will not e-mail you
            about it again.
          </p>
          <a href="/" className="btn btn-primary mt-5">
            Return to Home
          </a>
        </div>
      ) : !link || actionData ? (
        <div role="alert" className="mt-8 rounded-2xl border border-amber-300 bg-amber-50 p-6 text-amber-950">
          <CircleAlert aria-hidden="true" className="h-8 w-8 text-amber-700" />
          <p className="mt-3 leading-7">
            This unsubscribe link is not valid, or its subscription no longer exists. You get no e-mail from that list.
          </p>
        </div>
      ) : (
        <div className="card mt-8">
          <p className="leading-7 text-slate-700">
            {link.subscribed
              ? `Leave the ${LIST_LABELS[link.list]}? One press, no sign-in.`
              : `You already left the ${LIST_LABELS[link.list]}. You can still leave every other list.`}
          </p>
          <form method="post" className="mt-6 grid gap-4">
            <input type="hidden" name="token" value={loaderData.token} />
            <label className="flex items-start gap-3 text-slate-800">
              <input type="checkbox" name="scope" value="all" defaultChecked={!link.subscribed} className="mt-1 size-4" />
              <span>Leave every Clink mailing list</span>
            </label>
            <div>
              <button type="submit" className="btn btn-primary">
                Unsubscribe
              </button>
            </div>
          </form>
        </div>
      )}
    </section>
  );
}
