// The field-vitals beacon as a script of its own, for pages that load no framework JavaScript
// (content pages): bundled whole (web-vitals included) and loaded with a plain script tag.
import { reportWebVitals } from "./vitals.client";

reportWebVitals();
