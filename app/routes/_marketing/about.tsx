import { HeartHandshake, Scale, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/about";
import { BackToHome, FeatureGrid, SectionIntro } from "~/components/marketing";
import { pageSeo } from "~/site/seo";
import { siteConfig } from "~/site/config";

import { staticPage } from "~/core/http/page-handle";

// Fixed content, the same for everyone, and no JavaScript needed: kept by the front cache, never hydrated.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(matches, "/about");

const values = [
  {
    icon: ShieldCheck,
    title: "Safety First",
    body: "Verified identities, public venues, ratings, one-tap reporting and a safety check-in. If a feature could put someone at risk, it does not ship.",
  },
  {
    icon: HeartHandshake,
    title: "Inclusivity",
    body: "Whoever you are and whatever is in your glass, including nothing stronger than soda, there is a seat at the table for you on Clink.",
  },
  {
    icon: Scale,
    title: "Responsibility",
    body: `Clink is for adults ${siteConfig.minimumAge}+ or the higher local legal age. We celebrate good company, not heavy drinking, and we never reward drinking more.`,
  },
];

const team = [
  {
    initials: "AR",
    name: "Amelia Reyes",
    role: "Co-founder & CEO",
    bio: "Moved to Sydney knowing nobody. Clink is the app she wished she had.",
    tone: "bg-rose-100 text-rose-900",
  },
  {
    initials: "TN",
    name: "Tom Nguyen",
    role: "Co-founder & CTO",
    bio: "Built payments systems for a decade; now builds bill splitting that ends friendships less often.",
    tone: "bg-emerald-100 text-emerald-900",
  },
  {
    initials: "PS",
    name: "Priya Shah",
    role: "Head of Trust & Safety",
    bio: "Leads verification and moderation, and reviews every safety report policy.",
    tone: "bg-sky-100 text-sky-900",
  },
  {
    initials: "LO",
    name: "Liam O'Connor",
    role: "Head of Venue Partnerships",
    bio: "Ten years behind the bar; now brings the best venues in each city on board.",
    tone: "bg-amber-100 text-amber-900",
  },
];

export default function AboutPage() {
  return (
    <>
      <section className="surface-dark">
        <div className="container-page py-14 sm:py-20">
          <p className="eyebrow">About us</p>
          <h1 className="display mt-4 max-w-3xl">About Clink</h1>
          <p className="lead mt-6 max-w-2xl">
            We are a small team in {siteConfig.location.label} on a simple mission: nobody should have to drink alone unless they want to.
          </p>
        </div>
      </section>

      <section aria-labelledby="mission-heading" className="container-page section grid gap-12 lg:grid-cols-2">
        <div>
          <p className="eyebrow">Our mission</p>
          <h2 id="mission-heading" className="heading-section mt-3">
            Turn strangers into drinking buddies, safely
          </h2>
          <p className="lead mt-4">
            Cities are full of people who would love company for a drink after work, on a Sunday afternoon or on their first night in town.
            Clink connects them with each other, with great venues and with events, and makes sure every meetup happens somewhere public,
            between verified adults.
          </p>
        </div>
        <div aria-labelledby="story-heading" role="region" className="card bg-slate-50">
          <p className="eyebrow">Our story</p>
          <h2 id="story-heading" className="mt-3 text-2xl font-extrabold tracking-tight">
            Founded in {siteConfig.founded} in {siteConfig.location.city}
          </h2>
          <p className="mt-4 leading-7 text-slate-700">
            Clink started in {siteConfig.founded} when two friends in {siteConfig.location.city} noticed how many newcomers, travellers and
            shift workers ended up at the bar alone. The first version was a group chat for a Friday happy hour in Surry Hills. Within
            months it had a waiting list.
          </p>
          <p className="mt-4 leading-7 text-slate-700">
            Today Clink helps tens of thousands of people meet over a drink in more than 100 cities, with partner venues from small wine
            bars to rooftop terraces. We are still headquartered in {siteConfig.location.label}.
          </p>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="bg-slate-50">
        <div className="container-page section">
          <SectionIntro id="values-heading" eyebrow="What we stand for" title="Our values" />
          <FeatureGrid features={values} />
        </div>
      </section>

      <section aria-labelledby="team-heading" className="container-page section">
        <SectionIntro
          id="team-heading"
          eyebrow="The people"
          title="Meet the team"
          lead="Bartenders, engineers and safety specialists who care about good nights out."
        />
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {team.map((person) => (
            <li key={person.name} className="card text-center">
              <span
                aria-hidden="true"
                className={`mx-auto flex h-16 w-16 items-center justify-center rounded-full text-lg font-extrabold ${person.tone}`}
              >
                {person.initials}
              </span>
              <h3 className="mt-4 font-bold text-slate-900">{person.name}</h3>
              <p className="text-sm font-semibold text-brand-700">{person.role}</p>
              <p className="mt-2 text-sm leading-6 text-slate-600">{person.bio}</p>
            </li>
          ))}
        </ul>
        <div className="mt-14 flex flex-wrap justify-center gap-3">
          <Link to="/contact" className="btn btn-primary">
            Contact Us
          </Link>
          <BackToHome />
        </div>
      </section>
    </>
  );
}
