/**
 * The public pages, for /search: titles and descriptions as their `meta` exports give them
 * (keep in step when a page's metadata changes). Matched with the same full-text search as posts.
 */
export type SitePage = { path: string; title: string; description: string };

export const SITE_PAGES: SitePage[] = [
  { path: "/about", title: "About Us | Our Mission, Story and Values", description: "Meet the Sydney team behind Clink, the social drinking app founded in 2022 to help adults 21+ meet new people over a drink, safely." },
  { path: "/advertise", title: "Advertise With Us | Reach Social Drinkers 21-45", description: "Reach adults 21-45 who are out for a drink tonight. Location-based ads, promoted events and venue deals for bars, clubs and brands." },
  { path: "/contact", title: "Contact Our Support Team", description: "Questions about the Clink app, your account or a venue partnership? Email our Sydney-based support team and we will get back to you." },
  { path: "/dating", title: "Group Dating and Social Mixers Over Drinks", description: "Meet someone new at relaxed group dates and cocktail mixers at verified venues. Clink makes dating over drinks social and safe." },
  { path: "/delete-my-data", title: "Delete My Information | Data Deletion Request", description: "Ask Clink to permanently delete your account and personal data. Verify your request by email and we remove everything we hold." },
  { path: "/faq", title: "Frequently Asked Questions", description: "Answers to common questions about the Clink social drinking app: safety, age rules, events, vouchers, bill splitting and your data." },
  { path: "/happy-hour", title: "Happy Hour Finder | Deals and Company Nearby", description: "Find the best happy hour deals near you and people to share them with: after-work drinks, singles meetups, networking and weekend socials." },
  { path: "/", title: "Clink - Never Drink Alone | Find Drinking Partners Near You", description: "Clink connects adults of legal drinking age with drinking companions, bars, venues and events near you. Never drink alone." },
  { path: "/irl-meetups", title: "IRL Meetups | Real Events at Real Bars", description: "Join verified in-person meetups at public bars and venues near you: happy hours, weekend socials, themed nights and traveler meetups." },
  { path: "/meetups", title: "Meetups Near You | Social Drinking Events", description: "Discover and create social drinking meetups in 150+ cities: networking nights, social mixers, interest groups and singles events." },
  { path: "/privacy-policy", title: "Privacy Policy", description: "How Clink collects, uses, shares and protects your personal information, and the choices and rights you have over your data." },
  { path: "/social-drinking-app", title: "The Social Drinking App for Real Connections", description: "Clink is the social drinking app for adults 21+: find companions, discover local bars, join events and split the bill in one place." },
  { path: "/terms-conditions", title: "Terms and Conditions", description: "The terms that govern your use of the Clink app and website, including age requirements, conduct rules, payments and liability." },
  { path: "/venue-map", title: "Venue Map | Bars, Clubs and Happy Hours Near You", description: "Explore bars, restaurants, clubs, breweries and rooftops near you on the Clink venue map, with happy hour times, ratings and directions." },
  { path: "/blog", title: "Clink Blog", description: "Stories and tips on social drinking, bar culture, nightlife and making real connections, from the team behind the Clink app." },
];
