import { siteConfig } from "./config";
import type { SitePage } from "./site-page";
import { STAFF_PAGES } from "./staff-pages";

/**
 * The one page registry: every page's address, title, description and place in the site. Each page's
 * `meta` reads its entry (pageSeo in ./seo), site search matches these titles and descriptions, and the
 * sitemap, robots and llms.txt list the indexable ones. Add a page here when you add its route.
 */
const page = (entry: Omit<SitePage, "indexable"> & { indexable?: boolean }): SitePage => ({ indexable: true, ...entry });

export const SITE_PAGES: readonly SitePage[] = [
  page({
    path: "/",
    name: "Home",
    group: "home",
    title: siteConfig.homeTitle,
    description:
      "Clink connects adults of legal drinking age with drinking companions, bars, venues and events near you. Never drink alone.",
  }),
  page({
    path: "/about",
    name: "About",
    group: "company",
    title: "About Us | Our Mission, Story and Values",
    description: `Meet the Sydney team behind Clink, the social drinking app founded in 2022 to help adults ${siteConfig.minimumAge}+ meet new people over a drink, safely.`,
  }),
  page({
    path: "/faq",
    name: "FAQ",
    group: "support",
    title: "Frequently Asked Questions",
    description:
      "Answers to common questions about the Clink social drinking app: safety, age rules, events, vouchers, bill splitting and your data.",
  }),
  page({
    path: "/contact",
    name: "Contact",
    group: "support",
    title: "Contact Our Support Team",
    description:
      "Questions about the Clink app, your account or a venue partnership? Email our Sydney-based support team and we will get back to you.",
  }),
  page({
    path: "/advertise",
    name: "Advertise",
    group: "company",
    title: "Advertise With Us | Reach Social Drinkers 21-45",
    description:
      "Reach adults 21-45 who are out for a drink tonight. Location-based ads, promoted events and venue deals for bars, clubs and brands.",
  }),
  page({
    path: "/venue-map",
    name: "Venue Map",
    group: "tools",
    title: "Venue Map | Bars, Clubs and Happy Hours Near You",
    description:
      "Explore bars, restaurants, clubs, breweries and rooftops near you on the Clink venue map, with happy hour times, ratings and directions.",
  }),
  page({
    path: "/blog",
    name: "Blog",
    group: "blog",
    title: "Blog | Social Drinking, Bar Culture and Connections",
    description:
      "Stories and tips on social drinking, bar culture, nightlife and making real connections, from the team behind the Clink app.",
  }),
  page({
    path: "/irl-meetups",
    name: "IRL Meetups",
    group: "landing",
    title: "IRL Meetups | Real Events at Real Bars",
    description:
      "Join verified in-person meetups at public bars and venues near you: happy hours, weekend socials, themed nights and traveler meetups.",
  }),
  page({
    path: "/social-drinking-app",
    name: "Social Drinking App",
    group: "landing",
    title: "The Social Drinking App for Real Connections",
    description: `Clink is the social drinking app for adults ${siteConfig.minimumAge}+: find companions, discover local bars, join events and split the bill in one place.`,
  }),
  page({
    path: "/happy-hour",
    name: "Happy Hour",
    group: "landing",
    title: "Happy Hour Finder | Deals and Company Nearby",
    description:
      "Find the best happy hour deals near you and people to share them with: after-work drinks, singles meetups, networking and weekend socials.",
  }),
  page({
    path: "/meetups",
    name: "Meetups",
    group: "landing",
    title: "Meetups Near You | Social Drinking Events",
    description:
      "Discover and create social drinking meetups in 150+ cities: networking nights, social mixers, interest groups and singles events.",
  }),
  page({
    path: "/dating",
    name: "Dating",
    group: "landing",
    title: "Group Dating and Social Mixers Over Drinks",
    description:
      "Meet someone new at relaxed group dates and cocktail mixers at verified venues. Clink makes dating over drinks social and safe.",
  }),
  page({
    path: "/privacy-policy",
    name: "Privacy Policy",
    group: "legal",
    title: "Privacy Policy",
    description:
      "How Clink collects, uses, shares and protects your personal information, and the choices and rights you have over your data.",
  }),
  page({
    path: "/terms-conditions",
    name: "Terms and Conditions",
    group: "legal",
    title: "Terms and Conditions",
    description:
      "The terms that govern your use of the Clink app and website, including age requirements, conduct rules, payments and liability.",
  }),
  page({
    path: "/delete-my-data",
    name: "Delete My Information",
    group: "support",
    title: "Delete My Information | Data Deletion Request",
    description:
      "Ask Clink to permanently delete your account and personal data. Verify your request by email and we remove everything we hold.",
  }),
  page({
    path: "/delete-my-data/verify",
    name: "Confirm Deletion",
    group: "support",
    title: "Confirm your deletion request",
    description: "Confirm the request to delete your Clink account and personal data, from the link in the verification email we sent you.",
    // Reached only through a personal, single-use link.
    indexable: false,
  }),
  page({
    path: "/early-access",
    name: "Early Access",
    group: "landing",
    title: "Early Access | Claim Your Founding Spot",
    description:
      "Join the Clink early-adopter list: pick your city and phone, confirm by e-mail and get free Premium for three months and a founder badge.",
  }),
  page({
    path: "/early-access/confirm",
    name: "Confirm Subscription",
    group: "support",
    title: "Confirm your subscription",
    description:
      "Confirm your place on a Clink mailing list, from the link in the confirmation e-mail we sent you. Nothing happens until you press the button.",
    // Reached only through a personal, single-use link.
    indexable: false,
  }),
  page({
    path: "/subscribe",
    name: "Subscribe",
    group: "blog",
    title: "Get New Posts by E-mail",
    description:
      "Get each new post of the Clink blog by e-mail: guides to social drinking, bars and meetups. One e-mail per post, one click to leave.",
    indexable: false,
  }),
  page({
    path: "/unsubscribe",
    name: "Unsubscribe",
    group: "support",
    title: "Unsubscribe",
    description:
      "Leave a Clink mailing list with one click: the early-adopter list, new blog posts by e-mail, or every list at once. No sign-in needed.",
    indexable: false,
  }),
  page({
    path: "/search",
    name: "Search",
    group: "tools",
    title: "Search the Site",
    description:
      "Search the Clink blog and site: guides to social drinking, bar culture, meetups, nightlife and making real connections over a drink.",
    // Result pages are endless and thin: kept out of search engines' indexes.
    indexable: false,
  }),
  page({
    path: "/get",
    name: "Get the App",
    group: "tools",
    title: "Get the App on Your Phone",
    description:
      "Get the Clink app: the App Store or Google Play on your phone, or scan the QR code with your phone's camera to open the right store.",
    // The address for posters and QR codes: a phone is sent to its store, and the page itself is thin.
    indexable: false,
  }),
  ...STAFF_PAGES,
];

const byPath = new Map(SITE_PAGES.map((entry) => [entry.path, entry]));

/** The registry entry of a page; an unknown path is a programming error, caught by the unit test. */
export function sitePage(path: string): SitePage {
  const entry = byPath.get(path);
  if (!entry) throw new Error(`No page registered at ${path}: add it to app/site/pages.ts`);
  return entry;
}

/** The pages search engines and site search should know. */
export const INDEXABLE_PAGES: readonly SitePage[] = SITE_PAGES.filter((entry) => entry.indexable);
