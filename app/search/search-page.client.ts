// /search's one script (live results over the server-rendered page), loaded from /assets with a plain script tag.
import { startLiveSearch } from "~/components/ui/live-search.client";

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => startLiveSearch(), { once: true });
else startLiveSearch();
