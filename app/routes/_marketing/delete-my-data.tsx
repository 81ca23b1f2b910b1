import { TriangleAlert } from "lucide-react";
import { countAcceptedForm } from "~/analytics/collect.server";
import type { Route } from "./+types/delete-my-data";
import { PUBLIC_FORMS } from "~/forms/public-forms";
import { requestDataDeletion } from "~/forms/deletion-request.server";
import { handleFormPost } from "~/forms/public-form.server";
import { DeletionRequestForm } from "~/forms/components/deletion-request-form";
import { pageSeo } from "~/site/seo";
import { formPage } from "~/core/http/page-handle";

export const handle = formPage;

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(matches, "/delete-my-data");

/** The request posted without JavaScript (the chosen statement stands for the widget's verified flag). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleFormPost(request, PUBLIC_FORMS.deletion, async (input) =>
    countAcceptedForm(await requestDataDeletion(input, context.clientIp), "deletion", "/delete-my-data", request, context.clientIp),
  );
}

export default function DeleteMyDataPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="container-page max-w-3xl py-14 sm:py-20">
      <p className="eyebrow">Your data, your choice</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">Delete My Information</h1>
      <p className="lead mt-6">
        You can ask us to delete your Clink account and all the personal information we hold about you: your profile, photos, verification
        data, connections, messages, event history and location history.
      </p>
      <p className="mt-4 leading-7 text-slate-700">
        Send us your request below with the details of your account. We will send a verification e-mail to confirm the request really comes
        from you; the link in it expires after 24 hours. Once you confirm, deletion is carried out permanently.
      </p>
      <div role="note" className="mt-8 flex gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5">
        <TriangleAlert aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-amber-700" />
        <div>
          <h2 className="font-bold text-amber-950">This cannot be undone</h2>
          <p className="mt-1 leading-7 text-amber-950">
            Deleting your account removes all of your data permanently. Unused vouchers, Premium time and your ratings will be lost, and you
            will not be able to recover your account.
          </p>
        </div>
      </div>
      <section id="deletion-request" aria-labelledby="deletion-request-heading" className="card mt-10">
        <h2 id="deletion-request-heading" className="text-2xl font-extrabold tracking-tight">
          Send your deletion request
        </h2>
        <p className="mt-2 leading-7 text-slate-700">
          Use the e-mail address, first name and phone number of your Clink account, so we can find it.
        </p>
        <DeletionRequestForm serverResult={actionData} />
      </section>
    </section>
  );
}
