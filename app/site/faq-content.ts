import { siteConfig } from "./config";

/**
 * The one source of the questions and answers shown in the home and /faq accordions.
 * The same objects feed the FAQPage JSON-LD, so what search engines read is what people read.
 */
export type FaqItem = { id: string; question: string; answer: string };

const age = siteConfig.minimumAge;

const whatIsClink: FaqItem = {
  id: "what-is-clink",
  question: "What is Clink?",
  answer:
    "Clink is a free social drinking app for iOS and Android. It helps you find people nearby who fancy a drink, discover bars and events, and meet up at public venues, so you never have to drink alone.",
};

const minimumAge: FaqItem = {
  id: "minimum-age",
  question: "How old do I have to be?",
  answer: `You must be ${age} or older, or the legal drinking age where you live if that is higher. We check identity during verification and remove accounts that do not meet the rule.`,
};

const vouchersAndBills: FaqItem = {
  id: "vouchers-and-bills",
  question: "How do drink vouchers and bill splitting work?",
  answer:
    "You can buy drink vouchers for partner venues in the app and treat a friend or redeem them yourself. When the night ends, split the bill evenly, by percentage or by item, and settle up with an in-app transfer.",
};

/** Seven questions on the home page (spec section 9). */
export const homeFaq: readonly FaqItem[] = [
  whatIsClink,
  {
    id: "is-it-free",
    question: "Is Clink free to use?",
    answer:
      "Yes. Downloading Clink, building a profile, finding companions and joining events costs nothing. An optional premium subscription adds advanced filters, unlimited connections and priority visibility.",
  },
  minimumAge,
  {
    id: "is-it-dating",
    question: "Is Clink a dating app?",
    answer:
      "Not primarily. Most people use Clink to make friends, find a crew for after-work drinks or meet locals while travelling. If you are looking for romance, our group dating events keep it relaxed and social.",
  },
  {
    id: "how-safe",
    question: "How does Clink keep me safe?",
    answer:
      "Members verify their identity, rate each other after meeting and can report anyone in one tap; our moderation team reviews every report. You can share your location with trusted contacts, set emergency contacts and use a safety check-in. Meetups happen at public venues only.",
  },
  vouchersAndBills,
  {
    id: "which-cities",
    question: "Where is Clink available?",
    answer:
      "Clink works in more than 100 cities worldwide, from Sydney and Melbourne to New York, London and Los Angeles, and new venues join every week. If your city is quiet, create an event and be the first to raise a glass.",
  },
];

/** Ten questions on /faq (spec section 9). */
export const faqPageItems: readonly FaqItem[] = [
  whatIsClink,
  {
    id: "how-find-companions",
    question: "How do I find drinking companions?",
    answer:
      "Open the Discover tab to see people nearby who are up for a drink. Filter by location, interests and the events they are going to, then send a request to connect. Once they accept, you can chat and agree on a venue.",
  },
  minimumAge,
  {
    id: "verification",
    question: "How does identity verification work?",
    answer:
      "You take a photo of a government ID and a quick selfie in the app. We match the two, confirm your age and add a verified badge to your profile. We never show your ID to other members.",
  },
  {
    id: "events",
    question: "Can I create my own events?",
    answer:
      "Yes. Pick a venue, a time and a group size, describe the vibe and share it. People can request to join and you decide who comes. Events are always held at public venues.",
  },
  {
    id: "check-in",
    question: "What is automatic venue check-in?",
    answer:
      "When you turn it on, Clink checks you in and out of listed venues and events using periodic location pings, only while you are inside them. Incognito mode hides your check-ins whenever you want some privacy.",
  },
  vouchersAndBills,
  {
    id: "premium",
    question: "What does Clink Premium include?",
    answer:
      "Premium adds advanced filters, unlimited connections and priority visibility in Discover. Everything you need to meet people and join events stays free.",
  },
  {
    id: "venue-partners",
    question: "I run a bar. How can my venue join?",
    answer:
      "Venue partners get an official profile, promoted events and the ability to publish deals and happy hours to people nearby. Visit our Advertise page or contact our support team to get started.",
  },
  {
    id: "delete-account",
    question: "How do I delete my account and data?",
    answer:
      "Go to Settings, then Account, then Delete account, or use the Delete My Data page on this site. Deleting your account removes all of your data permanently and cannot be undone.",
  },
];
