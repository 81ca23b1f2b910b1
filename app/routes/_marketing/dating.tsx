import {
  CalendarHeart,
  Clock,
  Heart,
  MapPin,
  MessageCircle,
  Mountain,
  ShieldCheck,
  Sparkles,
  Users,
  UtensilsCrossed,
  Wine,
} from "lucide-react";
import type { Route } from "./+types/dating";
import { CtaBand, EventTypeGrid, FeatureGrid, PageHero, SectionIntro, Testimonials } from "~/components/marketing";
import { StoreButtons } from "~/install/components/store-buttons";
import { pageSeo } from "~/site/seo";

import { staticPage } from "~/core/http/page-handle";

// Fixed content, the same for everyone, and no JavaScript needed: kept by the front cache, never hydrated.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(matches, "/dating");

const features = [
  {
    icon: Users,
    title: "Group dating",
    body: "Meet several singles at once in a relaxed group. Less pressure than a one-on-one, more chances to click.",
  },
  {
    icon: ShieldCheck,
    title: "Verified safety",
    body: "Every guest is ID-verified, events are at public venues and you can share your plans with a trusted friend.",
  },
  {
    icon: Sparkles,
    title: "Real chemistry",
    body: "You can't feel a spark through a screen. Meeting over a drink tells you in minutes what weeks of chat cannot.",
  },
  {
    icon: MessageCircle,
    title: "Easy conversation",
    body: "Hosts and icebreaker games keep things flowing, so no awkward silences over the cocktail menu.",
  },
  {
    icon: CalendarHeart,
    title: "Curated events",
    body: "Events are balanced by age range and interests, hosted by people who know how to work a room.",
  },
  {
    icon: MapPin,
    title: "Local matches",
    body: "Meet singles who live nearby and drink at the same bars, so a second date is easy to plan.",
  },
];

const types = [
  {
    icon: Clock,
    title: "Speed Dating 2.0",
    meta: "2-3 hours",
    body: "Short rounds with a drink in hand, then open mingling with the people you liked best.",
  },
  {
    icon: Wine,
    title: "Cocktail Mixers",
    meta: "3-4 hours",
    body: "A stylish bar, a signature cocktail and a room full of singles who came to meet someone.",
  },
  {
    icon: Mountain,
    title: "Activity Dates",
    meta: "2-4 hours",
    body: "Bowling, mini golf or a brewery tour: doing something together makes conversation easy.",
  },
  {
    icon: UtensilsCrossed,
    title: "Wine & Dine",
    meta: "3-5 hours",
    body: "Shared plates and wine pairings at long tables designed for getting to know each other.",
  },
];

const stories = [
  {
    quote:
      "We were on opposite sides of a trivia team at a Clink mixer. She won, I bought the next round, and we have been arguing about quiz answers for a year now.",
    name: "James & Olivia",
    detail: "Met at a Cocktail Mixer, Sydney",
  },
  {
    quote:
      "I had given up on apps. A group Wine & Dine felt like a dinner party with friends I had not met yet. One of them is now my partner.",
    name: "Priya M.",
    detail: "Wine & Dine, London",
  },
  {
    quote: "Speed Dating 2.0 was genuinely fun. Knowing everyone was verified meant I could just relax and enjoy it.",
    name: "Daniel S.",
    detail: "Speed Dating 2.0, Los Angeles",
  },
];

export default function DatingPage() {
  return (
    <>
      <PageHero
        eyebrow="Dating over drinks"
        title="Dating Over Drinks, Without the Pressure"
        lead="Clink is not a swipe app. It is a social way to meet singles in person, in a group, at great venues, with safety built in."
      >
        <a href="#date-events" className="btn btn-accent">
          <Heart aria-hidden="true" className="h-4 w-4" />
          Find a dating event
        </a>
        <a href="#why-group" className="btn btn-ghost-light">
          How it works
        </a>
      </PageHero>

      <section id="why-group" aria-labelledby="features-heading" className="container-page section scroll-mt-20">
        <SectionIntro id="features-heading" eyebrow="Why date with Clink" title="Better first dates start with a group" />
        <FeatureGrid features={features} />
      </section>

      <section id="date-events" aria-labelledby="types-heading" className="scroll-mt-20 bg-slate-50">
        <div className="container-page section">
          <SectionIntro id="types-heading" eyebrow="Events" title="Dating events and how long they run" />
          <EventTypeGrid types={types} />
        </div>
      </section>

      <section aria-labelledby="stories-heading" className="container-page section">
        <SectionIntro id="stories-heading" eyebrow="Success stories" title="It started with a drink" />
        <Testimonials items={stories} />
      </section>

      <CtaBand title="Your next date could be tonight" lead="Download Clink, verify your profile and RSVP to a dating event near you.">
        <StoreButtons className="justify-center" />
      </CtaBand>
    </>
  );
}
