import { SiteLink } from "~/components/site-link";
import { Logo } from "~/components/logo";
import { siteConfig, venueMapCityHref } from "~/site/config";
import { SITE_PAGES } from "~/site/pages";

// Every landing page is linked from every page (they were reachable only from search results).
const exploreLinks = SITE_PAGES.filter((entry) => entry.group === "landing" || entry.path === "/venue-map");

const footerLinks = [
  { label: "About", to: "/about" },
  { label: "Blog", to: "/blog" },
  { label: "FAQ", to: "/faq" },
  { label: "Contact", to: "/contact" },
  { label: "Advertise", to: "/advertise" },
  { label: "Privacy Policy", to: "/privacy-policy" },
  { label: "Terms & Conditions", to: "/terms-conditions" },
  { label: "Delete My Data", to: "/delete-my-data" },
  { label: "Admin Login", to: "/admin" },
];

export function SiteFooter() {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <SiteLink to="/" aria-label="Clink home" className="inline-block rounded-md">
            <Logo tone="light" />
          </SiteLink>
          <p className="mt-4 text-sm leading-6">
            {siteConfig.slogan}. For adults {siteConfig.minimumAge}+ (or the higher legal drinking age where you live). Please drink
            responsibly.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Company</h2>
          <ul className="mt-4 grid gap-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to} className="hover:text-white hover:underline">
                  {link.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Explore">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Explore</h2>
          <ul className="mt-4 grid gap-2 text-sm">
            {exploreLinks.map((entry) => (
              <li key={entry.path}>
                <SiteLink to={entry.path} className="hover:text-white hover:underline">
                  {entry.name}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Popular cities">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Popular cities</h2>
          <ul className="mt-4 grid gap-2 text-sm">
            {siteConfig.venueMapCities.map((city) => (
              <li key={city}>
                <SiteLink to={venueMapCityHref(city)} className="hover:text-white hover:underline">
                  {city}
                  <span className="sr-only"> venues on the map</span>
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Follow us</h2>
          <ul className="mt-4 grid gap-2 text-sm">
            {siteConfig.social.map((profile) => (
              <li key={profile.name}>
                <a href={profile.href} rel="noopener noreferrer" target="_blank" className="hover:text-white hover:underline">
                  {profile.name}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="container-page py-6 text-xs text-slate-400">
          © {new Date().getFullYear()} {siteConfig.name}. {siteConfig.location.label}.
        </p>
      </div>
    </footer>
  );
}
