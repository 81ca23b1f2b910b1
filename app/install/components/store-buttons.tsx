import { useLocation, useRouteLoaderData } from "react-router";
import { appStoreLink, googlePlayLink, pageName, qrImageAddress, type StoreConfig } from "../store-links";

/** The store configuration, handed down by the root loader (app/install/store-config.server.ts). */
function useStoreConfig(): StoreConfig {
  const data = useRouteLoaderData("root") as { stores?: StoreConfig } | undefined;
  return data?.stores ?? { appStoreUrl: "#", googlePlayUrl: "#" };
}

function AppleMark() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-7 w-7" fill="currentColor">
      <path d="M16.37 12.6c-.02-2.2 1.8-3.26 1.88-3.31-1.03-1.5-2.62-1.7-3.18-1.72-1.35-.14-2.64.8-3.33.8-.69 0-1.75-.78-2.88-.76-1.48.02-2.85.86-3.61 2.19-1.54 2.67-.39 6.62 1.11 8.79.73 1.06 1.6 2.25 2.74 2.21 1.1-.04 1.52-.71 2.85-.71s1.7.71 2.87.69c1.18-.02 1.93-1.08 2.66-2.14.84-1.23 1.18-2.42 1.2-2.48-.03-.01-2.3-.88-2.32-3.5ZM14.2 6.13c.6-.73 1.01-1.74.9-2.75-.87.04-1.92.58-2.54 1.31-.56.64-1.05 1.67-.92 2.66.97.07 1.96-.49 2.56-1.22Z" />
    </svg>
  );
}

function PlayMark() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-7 w-7">
      <path d="M4 2.8v18.4c0 .3.3.5.6.4L14 12 4.6 2.4c-.3-.1-.6.1-.6.4Z" fill="#34d399" />
      <path d="m14 12 3-3L5.6 2.5c-.4-.2-.7-.2-1 0L14 12Z" fill="#60a5fa" />
      <path d="m14 12-9.4 9.5c.3.2.6.2 1 0L17 15l-3-3Z" fill="#f87171" />
      <path d="m17 9-3 3 3 3 3.4-1.9c.8-.5.8-1.7 0-2.2L17 9Z" fill="#fbbf24" />
    </svg>
  );
}

const storeButtonClass =
  "inline-flex min-h-14 w-46 items-center gap-3 rounded-xl bg-black px-4 py-2 text-left text-white ring-1 ring-white/20 transition-colors hover:bg-slate-800";

/**
 * Our own App Store and Google Play buttons (no third-party badge images, one shared width), opening in a new
 * tab, and beside them on a wide screen a QR code of /get for a visitor reading on a computer. The server
 * makes the links for the page (the same HTML for everyone, kept by the front cache); the public pages'
 * script (../visit.client.ts) then makes them carry the visit's source and campaign.
 */
export function StoreButtons({ className = "" }: { className?: string }) {
  const config = useStoreConfig();
  const { pathname } = useLocation();
  const page = { page: pathname };
  return (
    // On a wide screen the two buttons stay side by side: the QR code goes below them where the column is narrow.
    <div className={`flex flex-wrap items-center gap-x-6 gap-y-4 ${className}`}>
      <StoreButtonPair appStore={appStoreLink(config, page)} googlePlay={googlePlayLink(config, page)} forVisit className="lg:flex-none" />
      <InstallQrImage src={qrImageAddress(pageName(pathname))} />
    </div>
  );
}

/**
 * The two buttons with the links given. `forVisit`: the page's script makes them the visit's (`data-install`);
 * /get's own links already carry its campaign and city, made for this request, and are left as they are.
 */
export function StoreButtonPair({
  appStore,
  googlePlay,
  forVisit = false,
  className = "",
}: {
  appStore: string;
  googlePlay: string;
  forVisit?: boolean;
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap gap-3 ${className}`}>
      <StoreButton href={appStore} goal="app-store" forVisit={forVisit} mark={<AppleMark />} lead="Download on the" store="App Store" />
      <StoreButton href={googlePlay} goal="google-play" forVisit={forVisit} mark={<PlayMark />} lead="Get it on" store="Google Play" />
    </div>
  );
}

/**
 * The QR code of /get beside the buttons: an SVG made on the server (/get/qr.svg), shown only on a wide
 * screen. `loading="lazy"` and display:none below lg, so a phone never downloads it.
 */
function InstallQrImage({ src }: { src: string }) {
  return (
    <figure className="hidden shrink-0 items-center gap-3 lg:flex">
      <img
        src={src}
        data-install-qr
        alt="QR code that opens Clink in your phone's app store"
        width={96}
        height={96}
        loading="lazy"
        className="size-24 rounded-lg bg-white"
      />
      <figcaption className="max-w-28 text-xs leading-5 opacity-80">Scan with your phone's camera to get the app</figcaption>
    </figure>
  );
}

/** `goal`: the visitor-analytics goal a press counts for (data-goal, read by app/analytics's beacon). */
function StoreButton({
  href,
  goal,
  forVisit,
  mark,
  lead,
  store,
}: {
  href: string;
  goal: string;
  forVisit: boolean;
  mark: React.ReactNode;
  lead: string;
  store: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={storeButtonClass}
      data-goal={goal}
      data-install={forVisit ? "" : undefined}
    >
      {mark}
      <span className="flex flex-col leading-tight">
        <span className="text-[11px]">{lead}</span>
        <span className="text-lg font-semibold">{store}</span>
      </span>
      <span className="sr-only" data-mdast="ignore">
        {" "}
        (opens in a new tab)
      </span>
    </a>
  );
}
