import { ArrowRight, CalendarDays, MapPin, Receipt, ShieldCheck, Ticket, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { CheckList } from "~/components/check-list";
import { SectionIntro } from "~/components/section-intro";
import { Steps } from "~/components/steps";
import { PhoneMockup } from "~/components/phone-mockup";
import { StoreButtons } from "~/install/components/store-buttons";
import { WaitlistCard } from "~/audience/components/waitlist-card";
import { waitlistSpots } from "~/audience/spots.server";
import { SPOTS_TAG } from "~/core/caches/cache-tags";
import type { PageHandle } from "~/core/http/page-handle";
import { Accordion } from "~/components/ui/accordion";
import { homeFaq } from "~/site/faq-content";
import { pageSeo } from "~/site/seo";
import { siteConfig } from "~/site/config";
import { faqItemsToMarkUp, faqPageJsonLd } from "~/site/structured-data";

// The same for everyone until the early-adopter spots change (the front cache keys the page on them), and no
// JavaScript needed: never hydrated; the sign-up card posts to /early-access.
export const handle = { pageCache: { versions: ["spots"] }, hydrate: false, cacheTags: [SPOTS_TAG] } as const satisfies PageHandle;

// The FAQ reaches the page as loader data, not as an import: it then costs HTML, not JavaScript,
// on the page whose script budget is tightest, and meta builds the FAQPage JSON-LD from the same items.
export async function loader() {
  return { faq: homeFaq, spots: await waitlistSpots() };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  // The Organization and WebSite come with every page (seo); FAQ questions also on /faq are marked up there.
  const faq = faqItemsToMarkUp("/", loaderData?.faq ?? []);
  return pageSeo(matches, "/", { jsonLd: faq.length ? [faqPageJsonLd(faq)] : [] });
};

const heroTiles = [
  { icon: MapPin, title: "Find Nearby", body: "See who is out for a drink within walking distance." },
  { icon: Users, title: "Find Partner", body: "Match on interests, vibe and the venues you love." },
  { icon: Ticket, title: "Vouchers", body: "Buy a round ahead and treat a friend at partner bars." },
  { icon: CalendarDays, title: "Events", body: "Create or join meetups with an RSVP in one tap." },
  { icon: Receipt, title: "Split Bills", body: "Split evenly, by percentage or by item, then settle up." },
] as const;

const steps = [
  {
    title: "Create Your Profile",
    body: "Add a photo, your favourite drinks and what you are into. Verify your ID once and get the badge that tells people you are the real deal.",
  },
  {
    title: "Find Companions",
    body: "Browse people and events nearby, filter by interests and neighbourhood, and send a request to the ones who fit your evening.",
  },
  {
    title: "Meet & Enjoy",
    body: "Pick a public venue, share your plans with a trusted contact and raise a glass. Rate the meetup afterwards to keep the community great.",
  },
];

export default function HomePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <article aria-labelledby="hero-heading" className="surface-dark relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(99,102,241,0.5),transparent_60%),radial-gradient(ellipse_at_bottom_left,rgba(251,191,36,0.16),transparent_55%)]"
        />
        <div className="container-page relative grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-[1.2fr_0.8fr] lg:py-24">
          <div>
            <p className="eyebrow">The social drinking app</p>
            <h1 id="hero-heading" className="display mt-4">
              Never drink alone.
            </h1>
            <p className="lead mt-6 max-w-xl">
              Clink finds you good company for tonight: people nearby who fancy a drink, bars worth the trip and events you will actually
              enjoy. Free on iOS and Android.
            </p>
            <StoreButtons className="mt-8" />
            <p className="mt-5 flex items-center gap-2 text-sm text-indigo-100">
              <ShieldCheck aria-hidden="true" className="h-4 w-4 text-amber-accent" />
              Verified members, public venues, adults {siteConfig.minimumAge}+ only.
            </p>
          </div>
          <PhoneMockup />
        </div>
      </article>

      <GreyBand
        id="features-heading"
        eyebrow="Everything for a good night out"
        title="From first hello to the last round"
        columns="lg:grid-cols-[1fr_20rem] lg:items-start"
        aside={<WaitlistCard left={loaderData.spots.left} page="/" />}
      >
        <ul data-tiles className="mt-10 grid gap-4 sm:tiles-2 xl:tiles-3">
          {heroTiles.map(({ icon: Icon, title, body }) => (
            <li key={title} className="card">
              <span className="icon-badge">
                <Icon aria-hidden="true" className="h-5 w-5" />
              </span>
              <h3 className="mt-3 font-bold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm leading-6 text-slate-600">{body}</p>
            </li>
          ))}
        </ul>
      </GreyBand>

      <section aria-labelledby="how-heading" className="container-page section">
        <SectionIntro
          id="how-heading"
          eyebrow="Three steps"
          title="How Clink Works"
          lead="No awkward group chats, no drinking alone at the bar. Here is how a Clink night comes together."
        />
        <Steps steps={steps} />
      </section>

      <GreyBand
        id="faq-heading"
        eyebrow="Good to know"
        title="Frequently Asked Questions"
        lead="The short answers to what people ask before their first Clink."
        columns="lg:grid-cols-[0.8fr_1.2fr]"
        aside={<Accordion items={loaderData.faq} />}
      >
        <Link to="/faq" className="btn btn-secondary mt-8">
          See all questions
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </GreyBand>

      <section aria-labelledby="download-heading" className="container-page section">
        <div className="surface-dark grid items-center gap-10 overflow-hidden rounded-3xl px-6 py-12 sm:px-12 lg:grid-cols-2">
          <div>
            <p className="eyebrow">Free on iOS and Android</p>
            <h2 id="download-heading" className="heading-section mt-3">
              Download Clink and make tonight social
            </h2>
            <CheckList
              tone="dark"
              items={[
                "Meet verified people nearby in minutes",
                "Happy hours and events in 100+ cities",
                "Safety check-in and trusted contacts built in",
              ]}
            />
            <StoreButtons className="mt-8" />
          </div>
          <div className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/15">
            <p className="text-4xl font-extrabold text-amber-accent">4.8 / 5</p>
            <p className="mt-1 text-indigo-100">average rating from 50,000+ members</p>
            <p className="mt-6 leading-7 text-indigo-50">
              Clink is built for adults {siteConfig.minimumAge}+ (or the higher legal drinking age where you live). Good nights are about
              company, not quantity: please drink responsibly and never drink and drive.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}

/** A grey band of the page: the section's intro and `children` on the left, `aside` beside them on a wide screen. */
function GreyBand({
  id,
  eyebrow,
  title,
  lead,
  columns,
  aside,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
  columns: string;
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="bg-slate-50">
      <div className={`container-page section grid gap-10 ${columns}`}>
        <div>
          <SectionIntro center={false} id={id} eyebrow={eyebrow} title={title} lead={lead} />
          {children}
        </div>
        {aside}
      </div>
    </section>
  );
}
