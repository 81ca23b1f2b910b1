import {
  BadgeCheck,
  Building2,
  CalendarDays,
  Handshake,
  MapPin,
  Music,
  PhoneCall,
  Plane,
  ShieldCheck,
  Smartphone,
  Sun,
  Users,
  Wine,
} from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/irl-meetups";
import { CheckList, CtaBand, EventTypeGrid, FeatureGrid, PageHero, SectionIntro, Steps } from "~/components/marketing";
import { StoreButtons } from "~/install/components/store-buttons";
import { pageSeo } from "~/site/seo";
import { siteConfig } from "~/site/config";

import { staticPage } from "~/core/http/page-handle";

// Fixed content, the same for everyone, and no JavaScript needed: kept by the front cache, never hydrated.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(matches, "/irl-meetups");

const reasons = [
  {
    icon: Users,
    title: "Real people, not profiles",
    body: "Swiping is not socialising. Meetups put you at the same table as people who came for the same reason you did.",
  },
  {
    icon: MapPin,
    title: "Always at public venues",
    body: "Every Clink meetup is held at a listed bar, pub or restaurant. No private addresses, ever.",
  },
  {
    icon: Handshake,
    title: "Small groups, easy conversation",
    body: "Meetups average 15-20 participants: big enough to mingle, small enough to remember names.",
  },
];

const steps = [
  {
    title: "Browse real events",
    body: "See what is on tonight and this weekend near you, with the venue, host, group size and who else is going.",
  },
  {
    title: "RSVP securely",
    body: "Request a spot in one tap. Hosts see your verified profile; your phone number and exact location stay private.",
  },
  {
    title: "Meet and connect",
    body: "Check in when you arrive, say hello to the host and enjoy the evening. Keep in touch with the people you click with.",
  },
];

const meetupTypes = [
  {
    icon: Wine,
    title: "Happy hour meetups",
    meta: "Weekdays, 5-8 pm",
    body: "Half-price drinks and a friendly crowd straight after work. The easiest first meetup there is.",
  },
  {
    icon: Sun,
    title: "Weekend socials",
    meta: "Saturday and Sunday afternoons",
    body: "Long lunches, beer gardens and rooftop sessions for a slower, sunnier kind of social.",
  },
  {
    icon: Music,
    title: "Themed bar nights",
    meta: "Trivia, karaoke, live music",
    body: "An activity breaks the ice for you: quiz teams, karaoke rooms and gig nights with a crew.",
  },
  {
    icon: Plane,
    title: "Traveler meetups",
    meta: "For visitors and newcomers",
    body: "New in town? Meet locals and fellow travellers who know where the good bars are.",
  },
];

const safety = [
  { icon: BadgeCheck, title: "ID verification", body: "Every attendee verifies a government ID and a selfie before they can RSVP." },
  { icon: Smartphone, title: "Phone confirmation", body: "A confirmed phone number on every account, so no throwaway profiles." },
  { icon: Building2, title: "Public venues only", body: "Meetups are hosted at listed, licensed venues with staff on site." },
  { icon: ShieldCheck, title: "Check-in", body: "Check in on arrival and share your plans with a trusted contact." },
  { icon: PhoneCall, title: "24/7 safety hotline", body: "Something feels wrong? Our safety team is a tap away, day and night." },
] as const;

export default function IrlMeetupsPage() {
  return (
    <>
      <PageHero
        eyebrow="IRL meetups"
        title="IRL Meetups at Real Bars"
        lead="Put the phone down and meet people in real life. Clink meetups bring small groups of verified adults together at great local venues for a drink and a proper conversation."
      >
        <a href="#how-it-works" className="btn btn-accent">
          <CalendarDays aria-hidden="true" className="h-4 w-4" />
          Browse meetups
        </a>
        <Link to="/venue-map" className="btn btn-ghost-light">
          Explore venues
        </Link>
      </PageHero>

      <section aria-labelledby="why-heading" className="container-page section">
        <SectionIntro
          id="why-heading"
          eyebrow="Why IRL"
          title="Why meet in real life?"
          lead="Group chats fade. Nights out with good people stay with you."
        />
        <FeatureGrid features={reasons} />
      </section>

      <section id="how-it-works" aria-labelledby="how-heading" className="scroll-mt-20 bg-slate-50">
        <div className="container-page section">
          <SectionIntro id="how-heading" eyebrow="Three steps" title="How IRL meetups work" />
          <Steps steps={steps} />
        </div>
      </section>

      <section aria-labelledby="types-heading" className="container-page section">
        <SectionIntro id="types-heading" eyebrow="Pick your vibe" title="Four kinds of meetup" />
        <EventTypeGrid types={meetupTypes} />
      </section>

      <section aria-labelledby="safety-heading" className="surface-dark">
        <div className="container-page section grid gap-12 lg:grid-cols-[0.9fr_1.1fr]">
          <div>
            <p className="eyebrow">Safety standards</p>
            <h2 id="safety-heading" className="heading-section mt-3">
              Safe by design, not by luck
            </h2>
            <p className="lead mt-4">Meeting strangers should feel exciting, not risky. These standards apply to every Clink meetup.</p>
            <CheckList
              tone="dark"
              items={[
                `Adults ${siteConfig.minimumAge}+ (or the higher local legal drinking age) only`,
                "Hosts are rated after every event",
                "Report anyone in one tap; moderators review every report",
              ]}
            />
          </div>
          <ul data-tiles className="grid gap-4 sm:tiles-2">
            {safety.map(({ icon: Icon, title, body }) => (
              <li key={title} className="rounded-2xl bg-white/5 p-5 ring-1 ring-white/15">
                <Icon aria-hidden="true" className="h-6 w-6 text-amber-accent" />
                <h3 className="mt-3 font-bold">{title}</h3>
                <p className="mt-1 text-sm leading-6 text-indigo-100">{body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CtaBand title="Your next meetup is one tap away" lead="Download Clink, verify once and join a meetup near you tonight.">
        <StoreButtons className="justify-center" />
      </CtaBand>
    </>
  );
}
