import { VENUE_IMAGES } from "./images";
import { CITY_INFO, type City, type PriceLevel, type VenueInput, type VenueType } from "./schema";

/**
 * Demo venues: invented names (none is a real business), 555 phone numbers, example.com sites, at
 * plausible spots around each city's centre. Two New York venues sit within 0.25 miles of the
 * spec's default centre so Nearby shows on a first visit; a few lie outside the default 2-mile radius.
 */

// A table, one venue or deal a line: Prettier would spread each row over a dozen lines.
// prettier-ignore
const HAPPY_HOURS: Record<"afterWork" | "early" | "late" | "weekend" | "sunset", NonNullable<VenueInput["happyHour"]>> = {
  afterWork: { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], times: "4:00 PM - 7:00 PM", deals: ["$6 house cocktails", "Half-price draft beer", "$8 bar bites"] },
  early: { days: ["Monday", "Tuesday", "Wednesday", "Thursday"], times: "3:00 PM - 6:00 PM", deals: ["$5 pints", "Two-for-one wings"] },
  late: { days: ["Wednesday", "Thursday", "Friday", "Saturday"], times: "10:00 PM - 12:00 AM", deals: ["$7 well drinks", "Free entry before 11 PM"] },
  weekend: { days: ["Saturday", "Sunday"], times: "2:00 PM - 5:00 PM", deals: ["$9 frozen drinks", "$4 tacos"] },
  sunset: { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Sunday"], times: "5:00 PM - 7:30 PM", deals: ["$10 spritzes", "Half-price small plates"] },
};

// prettier-ignore
type Row = [name: string, address: string, dLat: number, dLng: number, type: VenueType, rating: number, price: PriceLevel, openUntil: string, happyHour: keyof typeof HAPPY_HOURS | null, features: string[], events: number, users: number];

// prettier-ignore
const ROWS: Record<City, { area: string; phone: string; rows: Row[] }> = {
  "new-york": {
    area: "New York, NY",
    phone: "(212) 555-01",
    rows: [
      ["The Copper Lantern", "148 W 46th St", 0.0012, 0.0010, "bar", 4.6, "$$", "2:00 AM", "afterWork", ["Indoor", "Craft Cocktails", "Live Music", "Private Booths"], 3, 42],
      ["Skyline Social Club", "1540 Broadway, 32nd Floor", -0.0021, 0.0014, "rooftop", 4.5, "$$$", "1:00 AM", "sunset", ["Rooftop Views", "Outdoor Seating", "Craft Cocktails"], 2, 65],
      ["Hearth & Barley", "310 W 51st St", 0.0062, -0.0046, "restaurant", 4.4, "$$", "11:00 PM", null, ["Indoor", "Food Menu", "Wine List"], 1, 18],
      ["Neon Orchid", "601 W 44th St", 0.0028, -0.0152, "club", 4.2, "$$$", "4:00 AM", "late", ["DJ", "Dance Floor", "Indoor"], 5, 120],
      ["Gaslight Brewing Co.", "522 W 38th St", -0.0108, -0.0131, "brewery", 4.7, "$", "12:00 AM", "early", ["Craft Beer", "Outdoor Seating", "Trivia Night"], 4, 37],
      ["Velvet Hour Lounge", "25 W 56th St", 0.0049, 0.0106, "lounge", 4.3, "$$$$", "2:00 AM", null, ["Indoor", "Live Music", "Wine List"], 2, 24],
      ["Pier Lights Tavern", "210 Eleventh Ave", -0.0122, -0.0220, "bar", 4.0, "$$", "1:00 AM", "weekend", ["Waterfront", "Outdoor Seating", "Sports TV"], 1, 15],
      ["Bramble Yard", "77 E 23rd St", -0.0185, 0.0002, "restaurant", 4.5, "$$", "12:00 AM", "afterWork", ["Outdoor Seating", "Food Menu", "Dog Friendly"], 0, 22],
      ["Ironbound Hops", "190 Wythe Ave, Brooklyn", -0.0419, 0.0237, "brewery", 4.6, "$", "11:00 PM", "early", ["Craft Beer", "Indoor", "Pool Table"], 3, 19],
    ],
  },
  "los-angeles": {
    area: "Los Angeles, CA",
    phone: "(213) 555-01",
    rows: [
      ["Sunbeam Terrace", "680 S Grand Ave, Rooftop", -0.0020, -0.0050, "rooftop", 4.6, "$$$", "1:00 AM", "sunset", ["Rooftop Views", "Outdoor Seating", "Craft Cocktails"], 2, 58],
      ["The Dusty Reel", "412 S Spring St", -0.0006, 0.0024, "bar", 4.3, "$$", "2:00 AM", "afterWork", ["Indoor", "Live Music", "Pool Table"], 1, 27],
      ["Agave & Ember", "221 E 3rd St", -0.0031, 0.0061, "restaurant", 4.5, "$$", "11:00 PM", "weekend", ["Outdoor Seating", "Food Menu", "Craft Cocktails"], 0, 31],
      ["Pulse District", "1020 S Figueroa St", -0.0112, -0.0120, "club", 4.1, "$$$", "3:00 AM", "late", ["DJ", "Dance Floor", "Indoor"], 6, 140],
      ["Arroyo Brewing Works", "808 E 4th Pl", -0.0068, 0.0150, "brewery", 4.7, "$", "11:00 PM", "early", ["Craft Beer", "Outdoor Seating", "Dog Friendly"], 2, 33],
      ["Marquee Velvet Room", "6251 Hollywood Blvd", 0.0496, -0.0810, "lounge", 4.4, "$$$$", "2:00 AM", null, ["Indoor", "Private Booths", "Live Music"], 3, 44],
      ["Palm & Pour", "1133 S Hope St", -0.0120, -0.0090, "bar", 4.2, "$$", "1:00 AM", null, ["Sports TV", "Indoor", "Late Kitchen"], 0, 20],
      ["Golden Hour Kitchen", "530 W 7th St", -0.0035, -0.0065, "restaurant", 4.4, "$$$", "12:00 AM", "afterWork", ["Indoor", "Wine List", "Food Menu"], 1, 16],
    ],
  },
  chicago: {
    area: "Chicago, IL",
    phone: "(312) 555-01",
    rows: [
      ["The Riveter's Rest", "66 E Lake St", 0.0030, 0.0010, "bar", 4.5, "$$", "2:00 AM", "afterWork", ["Indoor", "Sports TV", "Trivia Night"], 2, 29],
      ["Lakeview Loft", "220 N Michigan Ave, 24th Floor", 0.0035, 0.0015, "rooftop", 4.6, "$$$", "12:00 AM", "sunset", ["Rooftop Views", "Outdoor Seating"], 1, 47],
      ["Deep Dish Depot", "31 W Monroe St", -0.0020, -0.0040, "restaurant", 4.3, "$", "11:00 PM", null, ["Indoor", "Food Menu", "Dog Friendly"], 0, 14],
      ["Circuit Hall", "640 N Clark St", 0.0115, -0.0080, "club", 4.0, "$$$", "4:00 AM", "late", ["DJ", "Dance Floor"], 4, 98],
      ["Prairie Fire Brewing", "1401 W Fulton Market", 0.0040, -0.0360, "brewery", 4.8, "$$", "12:00 AM", "early", ["Craft Beer", "Outdoor Seating", "Live Music"], 3, 41],
      ["Blue Note Parlour", "12 S State St", -0.0010, -0.0030, "lounge", 4.4, "$$$", "2:00 AM", null, ["Indoor", "Live Music", "Wine List"], 2, 26],
      ["Windy Pint", "455 N Wabash Ave", 0.0075, -0.0030, "bar", 4.1, "$", "2:00 AM", "weekend", ["Pool Table", "Sports TV", "Indoor"], 0, 18],
      ["Harbor & Thyme", "400 E Randolph St", 0.0020, 0.0080, "restaurant", 4.5, "$$$", "11:00 PM", "afterWork", ["Outdoor Seating", "Waterfront", "Wine List"], 1, 21],
    ],
  },
  "san-francisco": {
    area: "San Francisco, CA",
    phone: "(415) 555-01",
    rows: [
      ["Fogline Tavern", "340 Post St", 0.0005, 0.0010, "bar", 4.4, "$$", "2:00 AM", "afterWork", ["Indoor", "Craft Cocktails", "Pool Table"], 1, 25],
      ["Cable Car Rooftop", "45 Stockton St, Rooftop", -0.0015, 0.0005, "rooftop", 4.5, "$$$", "12:00 AM", "sunset", ["Rooftop Views", "Outdoor Seating"], 2, 52],
      ["Sourdough & Sage", "560 Sutter St", 0.0020, -0.0030, "restaurant", 4.6, "$$", "10:00 PM", null, ["Indoor", "Food Menu", "Wine List"], 0, 17],
      ["Bassline SoMa", "1015 Folsom St", -0.0110, 0.0010, "club", 4.2, "$$$", "4:00 AM", "late", ["DJ", "Dance Floor", "Indoor"], 5, 110],
      ["Bayfog Brewing", "2150 Mission St", -0.0255, -0.0120, "brewery", 4.7, "$", "11:00 PM", "early", ["Craft Beer", "Outdoor Seating", "Dog Friendly"], 2, 30],
      ["Lantern Room Lounge", "88 Belden Pl", 0.0030, 0.0050, "lounge", 4.3, "$$$$", "1:00 AM", null, ["Indoor", "Live Music", "Private Booths"], 1, 22],
      ["Pier Seven Alehouse", "7 Embarcadero", 0.0075, 0.0160, "bar", 4.1, "$$", "1:00 AM", "weekend", ["Waterfront", "Outdoor Seating", "Sports TV"], 0, 19],
      ["Tidewater Grill", "199 Hayes St", -0.0095, -0.0135, "restaurant", 4.4, "$$$", "11:00 PM", "afterWork", ["Indoor", "Late Kitchen", "Wine List"], 1, 15],
    ],
  },
  miami: {
    area: "Miami, FL",
    phone: "(305) 555-01",
    rows: [
      ["Coral Current Bar", "120 SE 1st St", -0.0005, 0.0015, "bar", 4.3, "$$", "3:00 AM", "afterWork", ["Indoor", "Craft Cocktails", "Live Music"], 2, 36],
      ["Biscayne Heights", "888 Biscayne Blvd, Rooftop", 0.0080, 0.0040, "rooftop", 4.7, "$$$", "2:00 AM", "sunset", ["Rooftop Views", "Outdoor Seating", "DJ"], 3, 72],
      ["Mango & Lime Cocina", "45 SW 2nd Ave", -0.0010, -0.0015, "restaurant", 4.5, "$$", "11:00 PM", "weekend", ["Outdoor Seating", "Food Menu"], 0, 23],
      ["Tidal Wave Club", "1100 NW 11th St", 0.0165, -0.0150, "club", 4.1, "$$$$", "5:00 AM", "late", ["DJ", "Dance Floor", "Indoor"], 6, 150],
      ["Everglade Brewing", "2500 NW 2nd Ave, Wynwood", 0.0255, -0.0010, "brewery", 4.6, "$", "12:00 AM", "early", ["Craft Beer", "Outdoor Seating", "Live Music"], 2, 40],
      ["Flamingo Velvet Lounge", "300 S Biscayne Blvd", -0.0035, 0.0045, "lounge", 4.4, "$$$", "3:00 AM", null, ["Indoor", "Private Booths", "Wine List"], 1, 28],
      ["Salt & Palm Tavern", "1600 Collins Ave, Miami Beach", 0.0160, 0.0630, "bar", 4.2, "$$", "4:00 AM", "weekend", ["Waterfront", "Outdoor Seating", "Sports TV"], 0, 33],
      ["Harbor Lights Kitchen", "401 Brickell Key Dr", -0.0050, 0.0080, "restaurant", 4.6, "$$$", "11:00 PM", "afterWork", ["Indoor", "Waterfront", "Wine List"], 1, 19],
    ],
  },
};

const round = (n: number) => Math.round(n * 1e6) / 1e6;

export const DEMO_VENUES: VenueInput[] = (Object.keys(ROWS) as City[]).flatMap((city) => {
  const { area, phone, rows } = ROWS[city];
  const centre = CITY_INFO[city].centre;
  return rows.map(
    ([name, address, dLat, dLng, type, rating, priceLevel, openUntil, happyHour, features, upcomingEvents, activeUsers], i) => ({
      name,
      city,
      address: `${address}, ${area}`,
      lat: round(centre.lat + dLat),
      lng: round(centre.lng + dLng),
      type,
      rating,
      priceLevel,
      openUntil,
      happyHour: happyHour ? HAPPY_HOURS[happyHour] : null,
      features,
      phone: `${phone}${String(10 + i).padStart(2, "0")}`,
      website: i % 3 === 2 ? null : `https://www.example.com/venues/${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
      image: VENUE_IMAGES[type][i % 2 === 0 ? 0 : 1],
      upcomingEvents,
      activeUsers,
      hidden: false,
    }),
  );
});
