import { BookOpen, FileText, HelpCircle, Mail, MapPin, ShieldCheck } from "lucide-react";
import { countAcceptedForm } from "~/analytics/collect.server";
import { Link } from "react-router";
import type { Route } from "./+types/contact";
import { pageSeo } from "~/site/seo";
import { siteConfig, supportMailto } from "~/site/config";
import { PUBLIC_FORMS } from "~/forms/public-forms";
import { submitContactForm } from "~/forms/contact-submission.server";
import { handleFormPost } from "~/forms/public-form.server";
import { ContactForm } from "~/forms/components/contact-form";
import { BackToHome } from "~/components/marketing";
import { formPage } from "~/core/http/page-handle";

export const handle = formPage;

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(matches, "/contact");

const quickLinks = [
  { to: "/faq", label: "FAQ", icon: HelpCircle },
  { to: "/privacy-policy", label: "Privacy Policy", icon: ShieldCheck },
  { to: "/terms-conditions", label: "Terms & Conditions", icon: FileText },
];

/** The support form posted without JavaScript: the same schema and service as POST /api/contact. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleFormPost(request, PUBLIC_FORMS.contact, async (message) =>
    countAcceptedForm(await submitContactForm(message, context.clientIp), "contact", "/contact", request, context.clientIp),
  );
}

export default function ContactPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <section className="surface-dark">
        <div className="container-page py-14 text-center sm:py-20">
          <p className="eyebrow">Support</p>
          <h1 className="display mt-4">Contact Our Support Team</h1>
          <p className="lead mx-auto mt-6 max-w-2xl">
            Trouble with your account, a question about a meetup or an idea for the app? Write to us: real people in{" "}
            {siteConfig.location.city} answer every message.
          </p>
          <a href={supportMailto()} className="btn btn-accent mt-8">
            <Mail aria-hidden="true" className="h-4 w-4" />
            Email Support
          </a>
        </div>
      </section>

      <section aria-label="Ways to reach us" className="container-page section grid gap-6 md:grid-cols-2">
        <div className="card">
          <span className="icon-badge">
            <Mail aria-hidden="true" className="h-5 w-5" />
          </span>
          <h2 className="mt-4 text-xl font-bold text-slate-900">Email support</h2>
          <p className="mt-2 leading-7 text-slate-600">
            The fastest way to reach us. We reply within one business day, usually much sooner.
          </p>
          <a href={supportMailto()} className="mt-4 inline-block font-semibold text-brand-700 underline underline-offset-4">
            {siteConfig.supportEmail}
          </a>
        </div>
        <div className="card">
          <span className="icon-badge">
            <MapPin aria-hidden="true" className="h-5 w-5" />
          </span>
          <h2 className="mt-4 text-xl font-bold text-slate-900">Location</h2>
          <p className="mt-2 leading-7 text-slate-600">Clink is built and supported from our home town.</p>
          <p className="mt-4 font-semibold text-slate-900">{siteConfig.location.label}</p>
        </div>
      </section>

      <section aria-labelledby="contact-form-heading" className="container-page pb-14 sm:pb-20">
        <div className="card mx-auto max-w-3xl">
          <h2 id="contact-form-heading" className="text-2xl font-extrabold tracking-tight">
            Send us a message
          </h2>
          <p className="mt-2 text-slate-600">Prefer a form? Write here and it reaches the same team.</p>
          <ContactForm serverResult={actionData} />
        </div>
      </section>

      <section aria-labelledby="quick-links-heading" className="bg-slate-50">
        <div className="container-page section text-center">
          <BookOpen aria-hidden="true" className="mx-auto h-8 w-8 text-brand-700" />
          <h2 id="quick-links-heading" className="mt-3 text-2xl font-extrabold tracking-tight">
            Quick links
          </h2>
          <p className="mt-2 text-slate-600">Your answer may already be here.</p>
          <ul className="mt-8 flex flex-wrap justify-center gap-3">
            {quickLinks.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <Link to={to} className="btn btn-secondary">
                  <Icon aria-hidden="true" className="h-4 w-4" />
                  {label}
                </Link>
              </li>
            ))}
          </ul>
          <BackToHome primary className="mt-10" />
        </div>
      </section>
    </>
  );
}
