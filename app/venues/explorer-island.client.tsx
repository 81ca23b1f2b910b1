// The venue map page's one script, loaded from /assets with a plain script tag: the page is `hydrate:
// false` (no framework scripts), and this island runs the explorer over its server-rendered HTML with
// Preact in React's place (vite.config.ts aliases react for scripts built this way). The explorer's
// data travels in the page as JSON (a data block, which the CSP does not treat as script).
import { createRoot } from "react-dom/client";
import { VenueExplorer, type ExplorerProps } from "./components/venue-explorer";
import { EXPLORER_PROPS_ID, EXPLORER_ROOT_ID } from "./explorer-ids";

function start() {
  const root = document.getElementById(EXPLORER_ROOT_ID);
  const data = document.getElementById(EXPLORER_PROPS_ID)?.textContent;
  if (!root || !data) return;
  createRoot(root).render(<VenueExplorer {...(JSON.parse(data) as ExplorerProps)} />);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
