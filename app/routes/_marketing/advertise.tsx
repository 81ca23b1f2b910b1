import { Eye, MapPin, SlidersHorizontal, Target } from "lucide-react";
import { countAcceptedForm } from "~/analytics/collect.server";
import type { Route } from "./+types/advertise";
import { PUBLIC_FORMS } from "~/forms/public-forms";
import { submitAdvertisingInquiry } from "~/forms/contact-submission.server";
import { handleFormPost } from "~/forms/public-form.server";
import { AdvertisingForm } from "~/forms/components/advertising-form";
import { pageSeo } from "~/site/seo";
import { siteConfig } from "~/site/config";
import { formPage } from "~/core/http/page-handle";

export const handle = formPage;

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(matches, "/advertise");

const benefits = [
  {
    icon: Target,
    title: "Targeted demographic",
    body: "Reach verified adults aged 21-45 who go out, try new venues and bring friends along.",
  },
  {
    icon: MapPin,
    title: "Location-based marketing",
    body: "Put your happy hour in front of people within walking distance, at the moment they decide where to go.",
  },
  {
    icon: Eye,
    title: "Enhanced visibility",
    body: "An official venue profile, promoted events and priority placement on the map and in Discover.",
  },
  {
    icon: SlidersHorizontal,
    title: "Flexible ad options",
    body: "From a single promoted event to city-wide campaigns, with budgets to match venues and brands of any size.",
  },
];

/** The enquiry posted without JavaScript: the same schema and service as POST /api/contact. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleFormPost(request, PUBLIC_FORMS.advertising, async (inquiry) =>
    countAcceptedForm(await submitAdvertisingInquiry(inquiry, context.clientIp), "advertise", "/advertise", request, context.clientIp),
  );
}

export default function AdvertisePage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <section className="surface-dark">
        <div className="container-page py-14 sm:py-20">
          <p className="eyebrow">For venues and brands</p>
          <h1 className="display mt-4 max-w-3xl">Advertise With Us</h1>
          <p className="lead mt-6 max-w-2xl">
            Clink members are deciding where to drink tonight. Make sure they choose you: bars, clubs, restaurants and drinks brands reach
            an audience that is already out and about.
          </p>
        </div>
      </section>
      <div className="container-page section grid gap-12 lg:grid-cols-2">
        <section aria-labelledby="benefits-heading">
          <h2 id="benefits-heading" className="heading-section">
            Why advertise on Clink
          </h2>
          <ul className="mt-8 space-y-6">
            {benefits.map(({ icon: Icon, title, body }) => (
              <li key={title} className="flex gap-4">
                <span className="icon-badge">
                  <Icon aria-hidden="true" className="h-5 w-5" />
                </span>
                <div>
                  <h3 className="text-lg font-bold text-slate-900">{title}</h3>
                  <p className="mt-1 leading-7 text-slate-600">{body}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-8 text-sm leading-6 text-slate-600">
            All advertising must target adults {siteConfig.minimumAge}+ (or the higher local legal drinking age) and follow responsible
            alcohol marketing codes.
          </p>
        </section>
        <section aria-labelledby="enquiry-heading" id="advertise-enquiry" className="card self-start bg-slate-50">
          <h2 id="enquiry-heading" className="text-2xl font-extrabold tracking-tight">
            Tell us about your venue or brand
          </h2>
          <p className="mt-2 text-slate-600">Our partnerships team replies within two business days with options and prices.</p>
          <AdvertisingForm serverResult={actionData} />
        </section>
      </div>
    </>
  );
}
