/**
 * The one place for the brand and its public links. Pages and components import these;
 * nothing repeats them by hand. The store links are configuration (app/install/store-config.server.ts).
 */
export const siteConfig = {
  name: "Clink",
  slogan: "Never drink alone",
  tagline: "Find Drinking Partners Near You",
  homeTitle: "Clink - Never Drink Alone | Find Drinking Partners Near You",
  description: "Clink connects adults of legal drinking age with drinking companions, bars, venues and events near you. Never drink alone.",
  supportEmail: "support@clink.app",
  supportSubject: "I have a question",
  location: { city: "Sydney", country: "Australia", label: "Sydney, Australia" },
  founded: 2022,
  minimumAge: 21,
  earlyAdopterSpots: 500,
  social: [
    { name: "Instagram", href: "https://www.instagram.com/clinkapp" },
    { name: "Facebook", href: "https://www.facebook.com/clinkapp" },
    { name: "X", href: "https://x.com/clinkapp" },
    { name: "TikTok", href: "https://www.tiktok.com/@clinkapp" },
    { name: "LinkedIn", href: "https://www.linkedin.com/company/clinkapp" },
  ],
  popularCities: ["Sydney", "Melbourne", "New York", "Los Angeles", "Chicago", "San Francisco", "Miami", "London"],
  /** The cities the venue explorer covers (spec section 2); the footer's popular cities link to them. */
  venueMapCities: ["New York", "Los Angeles", "Chicago", "San Francisco", "Miami"],
  defaultSocialImage: "/images/social-card.png",
} as const;

export const mainNav = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "Venue Map", to: "/venue-map" },
  { label: "FAQ", to: "/faq" },
  { label: "Blog", to: "/blog" },
  { label: "Contact", to: "/contact" },
] as const;

/** The venue explorer opened on one city: /venue-map?city=New%20York. */
export function venueMapCityHref(city: string): string {
  return `/venue-map?city=${encodeURIComponent(city)}`;
}

export function supportMailto(subject: string = siteConfig.supportSubject): string {
  return `mailto:${siteConfig.supportEmail}?subject=${encodeURIComponent(subject)}`;
}
