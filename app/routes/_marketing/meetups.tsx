import {
  BadgeCheck,
  Briefcase,
  CalendarDays,
  Filter,
  Heart,
  MessagesSquare,
  Palette,
  PartyPopper,
  Plus,
  Search,
  Wallet,
} from "lucide-react";
import type { Route } from "./+types/meetups";
import { CtaBand, EventTypeGrid, FeatureGrid, PageHero, SectionIntro, StatsBand } from "~/components/marketing";
import { Link } from "react-router";
import { StoreButtons } from "~/install/components/store-buttons";
import { DialogButton } from "~/components/ui/native-dialog";
import { pageSeo } from "~/site/seo";

import { staticPage } from "~/core/http/page-handle";

// Fixed content, the same for everyone, and no JavaScript needed: kept by the front cache, never hydrated.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(matches, "/meetups");

const features = [
  {
    icon: Search,
    title: "Discover nearby",
    body: "Browse meetups by distance, date and vibe, from quiet wine tastings to loud trivia nights.",
  },
  {
    icon: Plus,
    title: "Host in minutes",
    body: "Pick a venue, set a group size and publish. Approve each request so you know who is coming.",
  },
  {
    icon: Filter,
    title: "Smart filters",
    body: "Filter by interests, age range and group size to find a table where you will fit right in.",
  },
  {
    icon: BadgeCheck,
    title: "Verified attendees",
    body: "Everyone is ID-verified and rated after each meetup, so hosts and guests know who to expect.",
  },
  {
    icon: MessagesSquare,
    title: "Group chat",
    body: "Every meetup gets its own chat to share the table number, running late or the after-party plan.",
  },
  {
    icon: Wallet,
    title: "Fair bill splitting",
    body: "Split evenly, by percentage or by item when the night ends. No spreadsheets, no awkwardness.",
  },
];

const types = [
  {
    icon: Briefcase,
    title: "Networking",
    meta: "Typically 12-25 people",
    body: "Industry drinks where introductions are easy and nobody has to give a pitch.",
  },
  {
    icon: PartyPopper,
    title: "Social Mixers",
    meta: "Typically 8-20 people",
    body: "Open-invite evenings for anyone who wants to widen their circle.",
  },
  {
    icon: Palette,
    title: "Interest Groups",
    meta: "Typically 6-15 people",
    body: "Craft beer fans, natural wine lovers, book clubs and sports supporters.",
  },
  {
    icon: Heart,
    title: "Singles",
    meta: "Typically 10-30 people",
    body: "Lively group evenings for singles, with icebreakers and no pressure.",
  },
];

const stats = [
  { value: "500K+", label: "Members" },
  { value: "50K+", label: "Monthly events" },
  { value: "150+", label: "Cities" },
  { value: "4.9/5", label: "Average rating" },
];

export default function MeetupsPage() {
  return (
    <>
      <PageHero
        eyebrow="Meetups"
        title="Meetups for people who like a drink and a chat"
        lead="Join a meetup near you tonight or host your own. Verified members, public venues and groups sized for real conversation."
      >
        <Link to="/venue-map" className="btn btn-accent">
          <Search aria-hidden="true" className="h-4 w-4" />
          Find Meetups Near You
        </Link>
        <DialogButton
          label="Create Your Event"
          icon={<CalendarDays aria-hidden="true" className="h-4 w-4" />}
          buttonClassName="btn btn-ghost-light"
          title="Create your event in the Clink app"
          lead="Events are made in the app: pick a venue, a time and how many people, and Clink finds your guests."
        >
          <StoreButtons className="justify-center" />
        </DialogButton>
      </PageHero>

      <section aria-labelledby="features-heading" className="container-page section">
        <SectionIntro
          id="features-heading"
          eyebrow="Features"
          title="Find them or host them"
          lead="Everything you need to fill a table with good people."
        />
        <FeatureGrid features={features} />
      </section>

      <section id="meetup-types" aria-labelledby="types-heading" className="scroll-mt-20 bg-slate-50">
        <div className="container-page section">
          <SectionIntro id="types-heading" eyebrow="Meetup types" title="Choose your crowd" />
          <EventTypeGrid types={types} />
        </div>
      </section>

      <StatsBand label="Meetup community stats" stats={stats} />

      <CtaBand
        title="Your crowd is out there"
        lead="Download Clink and RSVP to a meetup tonight, or start one and let the crowd come to you."
      >
        <StoreButtons className="justify-center" />
      </CtaBand>
    </>
  );
}
