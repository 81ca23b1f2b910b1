import { BadgeCheck, CalendarDays, Compass, Heart, Lock, MapPin, MessagesSquare, Receipt, ShieldCheck, Ticket } from "lucide-react";
import type { Route } from "./+types/social-drinking-app";
import { CtaBand, FeatureGrid, PageHero, SectionIntro, StatsBand, Testimonials } from "~/components/marketing";
import { PhoneMockup } from "~/components/phone-mockup";
import { StoreButtons } from "~/install/components/store-buttons";
import { pageSeo } from "~/site/seo";
import { siteConfig } from "~/site/config";

import { staticPage } from "~/core/http/page-handle";

// Fixed content, the same for everyone, and no JavaScript needed: kept by the front cache, never hydrated.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(matches, "/social-drinking-app");

const whyUs = [
  {
    icon: Heart,
    title: "Real connections",
    body: "Meet people who share your taste in drinks, music and neighbourhoods, and turn one good night into a regular crew.",
  },
  {
    icon: Compass,
    title: "Local discovery",
    body: "Find the wine bar around the corner, the brewery everyone talks about and tonight's best happy hour.",
  },
  {
    icon: ShieldCheck,
    title: "Safe and secure",
    body: "Verified members, public venues, ratings, reporting and safety check-ins keep every meetup on your terms.",
  },
];

const features = [
  {
    icon: MapPin,
    title: "Companions nearby",
    body: "See who is up for a drink near you, filtered by location, interests and the events they are joining.",
  },
  {
    icon: CalendarDays,
    title: "Events with RSVP",
    body: "Create an event, share it and approve who joins, or RSVP to one of thousands happening this week.",
  },
  { icon: Ticket, title: "Drink vouchers", body: "Buy vouchers at partner venues to treat a friend or lock in a deal before you arrive." },
  {
    icon: Receipt,
    title: "Split the bill",
    body: "Split evenly, by percentage or by item, and settle up with an in-app transfer before the taxi arrives.",
  },
  {
    icon: MessagesSquare,
    title: "Group messaging",
    body: "Chat one-to-one or with the whole table to agree on where to meet and who is bringing the birthday cake.",
  },
  {
    icon: Lock,
    title: "Privacy controls",
    body: "Automatic check-in only inside listed venues, and incognito mode whenever you want to go unseen.",
  },
];

const stats = [
  { value: "50,000+", label: "Active users" },
  { value: "1M+", label: "Connections made" },
  { value: "15,000+", label: "Events hosted" },
  { value: "4.8/5", label: "App rating (12,547 ratings)" },
];

const testimonials = [
  {
    quote:
      "I moved to Melbourne for work and knew nobody. Three Clink meetups later I have a Thursday pub quiz team and a group chat that never sleeps.",
    name: "Hannah K.",
    detail: "Melbourne",
  },
  {
    quote: "Splitting the bill by item saved our friendship. Also, the happy hour alerts are dangerously good for my wallet.",
    name: "Marcus T.",
    detail: "Chicago",
  },
  {
    quote:
      "As a woman travelling solo, the verified profiles and check-in made me comfortable joining a group at a rooftop bar. Best night of my trip.",
    name: "Sofia R.",
    detail: "Travelling in New York",
  },
];

export default function SocialDrinkingAppPage() {
  return (
    <>
      <PageHero
        eyebrow="The social drinking app"
        title="The Social Drinking App"
        lead={`Clink connects adults ${siteConfig.minimumAge}+ with drinking companions, bars and events nearby. Find your people, pick a venue and split the bill, all in one free app.`}
        aside={<PhoneMockup />}
      >
        <StoreButtons />
      </PageHero>

      <section aria-labelledby="why-heading" className="container-page section">
        <SectionIntro id="why-heading" eyebrow="Why Clink" title="Why people choose Clink" />
        <FeatureGrid features={whyUs} />
      </section>

      <section aria-labelledby="features-heading" className="bg-slate-50">
        <div className="container-page section">
          <SectionIntro
            id="features-heading"
            eyebrow="Features"
            title="Everything a night out needs"
            lead="From the first hello to the last round, Clink has the tools built in."
          />
          <FeatureGrid features={features} />
        </div>
      </section>

      <StatsBand label="Community stats" stats={stats} />

      <section aria-labelledby="stories-heading" className="container-page section">
        <SectionIntro id="stories-heading" eyebrow="Community" title="What our members say" />
        <Testimonials items={testimonials} />
      </section>

      <CtaBand title="Download the app" lead="Free on iOS and Android. Verify once, then find company for tonight in minutes.">
        <StoreButtons className="justify-center" />
        <p className="flex w-full items-center justify-center gap-2 text-sm text-indigo-100">
          <BadgeCheck aria-hidden="true" className="h-4 w-4 text-amber-accent" />
          Rated 4.8/5 from 12,547 ratings
        </p>
      </CtaBand>
    </>
  );
}
