import type { VenueType } from "./venue";

/** The built-in pictures, one or two per type (drawn by scripts/make-venue-images.mjs). */
export const VENUE_IMAGES: Record<VenueType, [string, string]> = {
  bar: ["/images/venues/bar-1.webp", "/images/venues/bar-2.webp"],
  restaurant: ["/images/venues/restaurant-1.webp", "/images/venues/restaurant-2.webp"],
  club: ["/images/venues/club-1.webp", "/images/venues/club-2.webp"],
  brewery: ["/images/venues/brewery-1.webp", "/images/venues/brewery-2.webp"],
  rooftop: ["/images/venues/rooftop-1.webp", "/images/venues/rooftop-2.webp"],
  lounge: ["/images/venues/lounge-1.webp", "/images/venues/lounge-2.webp"],
};
