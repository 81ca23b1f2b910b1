import { CITIES, CITY_INFO } from "~/venues/venue";

/** The five cities as <option>s, in the spec's order. */
export function CityOptions() {
  return CITIES.map((c) => (
    <option key={c} value={c}>
      {CITY_INFO[c].name}
    </option>
  ));
}
