import { Bell, Footprints, MapPinned, Sparkles, Star } from "lucide-react";
import type { Route } from "./+types/venue-map";
import { FeatureGrid, PageHero, SectionIntro, Steps } from "~/components/marketing";
import { pageSeo } from "~/site/seo";
import { siteConfig } from "~/site/config";
import { getEnv } from "~/core/instance/env.server";
import { data } from "react-router";
import { cityTag } from "~/core/caches/cache-tags";
import type { PageHandle } from "~/core/http/page-handle";
import { VenueExplorerIsland } from "~/venues/explorer-island";
import leafletCss from "leaflet/dist/leaflet.css?url";
import venueMapCss from "~/venues/map.css?url";
import { cityFromParam, DEFAULT_CITY } from "~/venues/venue";
import { listPublicVenues } from "~/venues/venues.server";
import { cityWeather } from "~/venues/weather.server";

/** The same for every visitor until a venue or the weather changes; one entry per city, however it is named. */
export const handle = {
  pageCache: { versions: ["venues", "weather"], query: { city: (value) => cityFromParam(value) } },
  // A CDN keeps it only as long as its weather holds (app/venues/weather.server.ts's WEATHER_CACHE_MS); a venue change purges its city.
  edgeMaxAge: 600,
  // The explorer is an island with its own small script (~/venues/explorer-island.tsx), not React Router's.
  hydrate: false,
} satisfies PageHandle;

// The map's styles: the island's script is built apart from the page, so its CSS is linked here.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: leafletCss },
  { rel: "stylesheet", href: venueMapCss },
];

/**
 * A city's venues and weather, server-rendered so the list works without JavaScript: the one in
 * `?city=` (its slug or its name, as the footer's popular cities link it), else the default city.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const env = getEnv();
  const city = cityFromParam(new URL(request.url).searchParams.get("city")) ?? DEFAULT_CITY;
  const [venues, weather] = await Promise.all([listPublicVenues(city), cityWeather(city)]);
  return data(
    {
      city,
      venues,
      weather: weather.weather,
      weatherSimulated: weather.source === "simulated",
      tiles: { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION },
    },
    { headers: { "Surrogate-Key": cityTag(city) } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(matches, "/venue-map");

const features = [
  {
    icon: MapPinned,
    title: "Venues around you",
    body: "Bars, restaurants, clubs, breweries and rooftops within the radius you choose, sorted by distance.",
  },
  {
    icon: Sparkles,
    title: "Smart recommendations",
    body: "Rainy night? Cosy indoor spots rise to the top. Warm evening? Rooftops and beer gardens do.",
  },
  {
    icon: Footprints,
    title: "Travel times",
    body: "See how long it takes on foot, by car or by transit before you commit to the next bar.",
  },
  {
    icon: Bell,
    title: "Check-in alerts",
    body: "Turn on notifications and get a welcome with the venue's happy hour times when you arrive.",
  },
];

const steps = [
  { title: "Filter by type", body: "Choose bars, restaurants, clubs, breweries, rooftops or just the places with a happy hour on." },
  { title: "Click to explore", body: "Select a venue to see its address, rating, opening hours, price level and happy hour deals." },
  { title: "Connect and visit", body: "Call ahead or get directions walking, driving or by transit, then meet your people there." },
];

export default function VenueMapPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Venue map"
        title="Explore Venues Near You"
        lead="Find the right bar for tonight: happy hours, ratings, opening times and how far it is, all on one map. Demo venues shown below."
      />

      {/* The explorer is a widget over the day's data, not the page's text: left out of its Markdown version. */}
      <section
        id="venue-explorer"
        aria-label="Venue explorer"
        className="container-page py-12"
        data-slot="venue-explorer"
        data-mdast="ignore"
      >
        <VenueExplorerIsland {...loaderData} />
        {/* Rendered by the server beside the explorer, so the label stands whatever the explorer draws. */}
        {loaderData.weatherSimulated ? (
          <p className="mt-3 text-xs text-slate-600" data-testid="weather-simulated">
            Weather shown is simulated for this demo, not a real forecast.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="features-heading" className="container-page section pt-4 sm:pt-6 lg:pt-8">
        <SectionIntro id="features-heading" eyebrow="Features" title="More than pins on a map" />
        <FeatureGrid features={features} columns={4} />
      </section>

      <section aria-labelledby="how-heading" className="bg-slate-50">
        <div className="container-page section">
          <SectionIntro id="how-heading" eyebrow="How to use the map" title="Three steps to your next bar" />
          <Steps steps={steps} />
          <p className="mt-10 flex items-center justify-center gap-2 text-center text-sm text-slate-600">
            <Star aria-hidden="true" className="h-4 w-4 text-amber-600" />
            Rated 4.9/5 from 15,847 ratings. For adults {siteConfig.minimumAge}+; please drink responsibly.
          </p>
        </div>
      </section>
    </>
  );
}
