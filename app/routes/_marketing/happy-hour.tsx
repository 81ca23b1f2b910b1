import { Bell, Briefcase, CirclePlay, Clock, Heart, MapPin, Search, Star, Sun, Ticket, Users, Handshake } from "lucide-react";
import type { Route } from "./+types/happy-hour";
import { CtaBand, EventTypeGrid, FeatureGrid, PageHero, SectionIntro } from "~/components/marketing";
import { Link } from "react-router";
import { HappyHourDemo } from "~/components/happy-hour-demo";
import { StoreButtons } from "~/install/components/store-buttons";
import { DialogButton } from "~/components/ui/native-dialog";
import { pageSeo } from "~/site/seo";

import { staticPage } from "~/core/http/page-handle";

// Fixed content, the same for everyone, and no JavaScript needed: kept by the front cache, never hydrated.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(matches, "/happy-hour");

const features = [
  {
    icon: Search,
    title: "Live deal finder",
    body: "See which bars near you are pouring happy hour prices right now, and how long the deal lasts.",
  },
  {
    icon: MapPin,
    title: "Walking distance first",
    body: "Results are sorted by distance with walking time, so the closest bargain is always on top.",
  },
  {
    icon: Users,
    title: "Company included",
    body: "See who else is heading to the same happy hour and join their table instead of drinking alone.",
  },
  { icon: Bell, title: "Deal alerts", body: "Save your favourite venues and get a nudge when their happy hour starts." },
  { icon: Ticket, title: "Drink vouchers", body: "Pre-buy a round at partner venues and treat the friend who always gets the first one." },
  { icon: Star, title: "Honest ratings", body: "Ratings from real members tell you whether the deal is worth it, not just cheap." },
];

const eventTypes = [
  {
    icon: Briefcase,
    title: "After Work Drinks",
    meta: "Weekdays from 5 pm",
    popular: true,
    body: "Leave the laptop, join a friendly crew for the first round and be home at a sensible hour.",
  },
  {
    icon: Heart,
    title: "Singles Meetups",
    meta: "Thursdays and Fridays",
    popular: true,
    body: "Relaxed group happy hours for singles who would rather meet over a drink than a chat thread.",
  },
  {
    icon: Handshake,
    title: "Networking Happy Hours",
    meta: "Monthly, by industry",
    body: "Tech, creative and hospitality crowds swapping ideas and business cards over discounted drinks.",
  },
  {
    icon: Sun,
    title: "Weekend Socials",
    meta: "Saturday and Sunday afternoons",
    body: "Sunny beer gardens and long afternoon sessions with a group that is in no rush.",
  },
];

export default function HappyHourPage() {
  return (
    <>
      <PageHero
        eyebrow="Happy hour"
        title="Find Happy Hours Near You"
        lead="The best drink deals in town are better with company. Clink shows you tonight's happy hours nearby and the people who are going."
      >
        <Link to="/venue-map" className="btn btn-accent">
          <Clock aria-hidden="true" className="h-4 w-4" />
          Find Happy Hours Now
        </Link>
        <DialogButton
          label="Watch Demo"
          icon={<CirclePlay aria-hidden="true" className="h-4 w-4" />}
          buttonClassName="btn btn-ghost-light"
          title="Happy hour with Clink in three steps"
          lead="From finding tonight's deal to the first round with new company."
          wide
        >
          <HappyHourDemo />
        </DialogButton>
      </PageHero>

      <section aria-labelledby="features-heading" className="container-page section">
        <SectionIntro
          id="features-heading"
          eyebrow="Features"
          title="Happy hour, done properly"
          lead="Six reasons regulars open Clink before they open the door."
        />
        <FeatureGrid features={features} />
      </section>

      <section id="happy-hour-types" aria-labelledby="types-heading" className="scroll-mt-20 bg-slate-50">
        <div className="container-page section">
          <SectionIntro id="types-heading" eyebrow="Events" title="Happy hour events for every mood" />
          <EventTypeGrid types={eventTypes} />
        </div>
      </section>

      <CtaBand title="Cheers to better happy hours" lead="Download Clink and find tonight's deal and your drinking companions in one go.">
        <StoreButtons className="justify-center" />
      </CtaBand>
    </>
  );
}
