// The public pages' beacon as a script of its own, for pages that load no framework JavaScript (content
// pages): their errors (app/errors), field vitals (app/discoverability) and the page view with its goals (./page-views.client.ts),
// bundled whole and loaded with a plain script tag. The file keeps its name (assets/vitals-beacon-*.js).
import { reportWebVitals } from "~/discoverability/vitals.client";
import { watchErrors } from "~/errors/error-beacon.client";
import { sendPageView, watchGoals } from "./page-views.client";

// First: a fault below is reported too (app/errors).
watchErrors();
sendPageView();
watchGoals();
reportWebVitals();
