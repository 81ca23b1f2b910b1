// The one script of the public blog pages (list, post, tag, author), loaded from /assets with a plain
// script tag: those pages ship no framework JavaScript (decision record 0006). Bundled whole.
import { startLiveSearch } from "~/components/ui/live-search.client";
import { startCopyLink } from "./copy-link.client";
import { startPictureFallbacks } from "./picture-fallback.client";

function start() {
  startPictureFallbacks();
  startCopyLink();
  startLiveSearch();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
