// The public pages' beacon as a script of its own, for pages that load no framework JavaScript (content
// pages): their errors (app/errors), field vitals (app/discoverability) and the page view with its goals (./page-views.client.ts),
// bundled whole and loaded with a plain script tag. The file keeps its name (assets/vitals-beacon-*.js).
// It also keeps where the visit came from for the store links (app/install), as every public page loads it
// and no other script; their rules are a chunk of their own, loaded only by a page that shows store links.
import { reportWebVitals } from "~/discoverability/vitals.client";
import { hasInstallLinks, rememberVisit } from "~/install/visit-memory.client";
import { watchErrors } from "~/errors/error-beacon.client";
import { sendPageView, watchGoals } from "./page-views.client";

// First: a fault below is reported too (app/errors).
watchErrors();
sendPageView();
watchGoals();
if (hasInstallLinks()) void import("~/install/visit.client").then((visit) => visit.personaliseInstallLinks());
else rememberVisit();
reportWebVitals();
