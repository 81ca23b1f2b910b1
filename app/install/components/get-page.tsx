import { Smartphone } from "lucide-react";
import { StoreButtonPair } from "./store-buttons";

/**
 * /get on a computer (a phone is sent on to its store): both store buttons and the QR code of this same
 * address, to scan with the phone. `qr` is the SVG the server made (app/install/store-config.server.ts).
 */
export function GetPage({ appStore, googlePlay, address, qr }: { appStore: string; googlePlay: string; address: string; qr: string }) {
  return (
    <section aria-labelledby="get-heading" className="surface-dark">
      <div className="container-page grid max-w-5xl items-center gap-10 py-14 sm:py-20 md:grid-cols-[1fr_auto]">
        <div>
          <p className="eyebrow">Free on iOS and Android</p>
          <h1 id="get-heading" className="display mt-4">
            Get Clink on your phone
          </h1>
          <p className="lead mt-6 max-w-xl">
            Point your phone's camera at the code and it opens Clink in the App Store or Google Play. On your phone already? Pick your store
            below.
          </p>
          <StoreButtonPair appStore={appStore} googlePlay={googlePlay} className="mt-8" />
          <p className="mt-6 text-sm leading-6 text-indigo-100">
            <Smartphone aria-hidden="true" className="mr-2 inline h-4 w-4 align-[-3px] text-amber-accent" />
            Or open <span className="break-all font-semibold text-white">{address}</span> on your phone.
          </p>
        </div>
        <figure className="justify-self-center rounded-2xl bg-white p-4 text-center text-slate-900 shadow-xl">
          {/* The server's SVG, from the qrcode package: markup we made, nothing a visitor typed. */}
          <div
            role="img"
            aria-label={`QR code of ${address}`}
            className="mx-auto size-56 sm:size-64 [&>svg]:size-full"
            dangerouslySetInnerHTML={{ __html: qr }}
          />
          <figcaption className="mt-3 text-sm font-semibold">Scan to get the app</figcaption>
        </figure>
      </div>
    </section>
  );
}
