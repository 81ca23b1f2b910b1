import { data } from "react-router";
import { NotFound } from "~/components/not-found";

/** Any path no other route matches: the 404 page with a real 404 status (noindex is set by NotFound). */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
