import { getCampaignOf, qrImageAddress, withVisit, type Attribution } from "./store-links";
import { keptVisit, rememberVisit, type Kept } from "./visit-memory.client";

/**
 * The store links and QR codes of a page made for the visit (./visit-memory.client.ts keeps where it came
 * from): the page's store links (`a[data-install]`) get its source and campaign (./store-links.ts), its QR
 * code (`img[data-install-qr]`) the /get address with its campaign. The server's HTML is the same for
 * everyone; without this script the links still carry the page.
 */
function personalise(kept: Kept): void {
  const visit: Attribution = { ...kept, page: location.pathname };
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-install]")) {
    const href = withVisit(link.href, visit);
    if (href !== link.href) link.href = href;
  }
  const qr = qrImageAddress(getCampaignOf(visit), kept.city);
  for (const image of document.querySelectorAll<HTMLImageElement>("img[data-install-qr]")) {
    if (image.getAttribute("src") !== qr) image.src = qr;
  }
}

let watching = false;

/** Once per page view: the visit's attribution is updated and the page's links and QR codes made for it. */
export function personaliseInstallLinks(): void {
  personalise(rememberVisit());
  if (watching) return;
  watching = true;
  // A link React drew again after this ran is made for the visit as it is pressed.
  addEventListener(
    "click",
    (event) => {
      const link = (event.target as Element | null)?.closest?.("a[data-install]");
      if (link) personalise(keptVisit());
    },
    true,
  );
}
