import QRCode from "qrcode";
import { getEnv } from "~/core/instance/env.server";
import type { StoreConfig } from "./store-links";

/** The store links' configuration (APP_STORE_ID, APP_STORE_PROVIDER_TOKEN, GOOGLE_PLAY_PACKAGE, and the two URLs). */
export function storeConfig(): StoreConfig {
  const env = getEnv();
  return {
    appStoreId: env.APP_STORE_ID,
    providerToken: env.APP_STORE_PROVIDER_TOKEN,
    appStoreUrl: env.APP_STORE_URL,
    googlePlayPackage: env.GOOGLE_PLAY_PACKAGE,
    googlePlayUrl: env.GOOGLE_PLAY_URL,
  };
}

/** What the admin's Integrations section shows, read-only: each variable and its value (unset: null). */
export function storeSettings(): Array<{
  name: string;
  value: string | null;
  meaning: string;
}> {
  const env = getEnv();
  return [
    {
      name: "APP_STORE_ID",
      value: env.APP_STORE_ID ?? null,
      meaning: "App Store links are Apple's campaign links; pages carry the Smart App Banner",
    },
    {
      name: "APP_STORE_PROVIDER_TOKEN",
      value: env.APP_STORE_PROVIDER_TOKEN ?? null,
      meaning: "pt= of App Store links",
    },
    {
      name: "APP_STORE_URL",
      value: env.APP_STORE_URL,
      meaning: "the App Store link when APP_STORE_ID is not set",
    },
    {
      name: "GOOGLE_PLAY_PACKAGE",
      value: env.GOOGLE_PLAY_PACKAGE ?? null,
      meaning: "Google Play links are made from the package",
    },
    {
      name: "GOOGLE_PLAY_URL",
      value: env.GOOGLE_PLAY_URL,
      meaning: "the Google Play link when GOOGLE_PLAY_PACKAGE is not set",
    },
  ];
}

/**
 * A QR code as SVG (made here, never in the browser): dark modules on white with the quiet zone the
 * standard asks for, error correction M, scaled by its viewBox.
 */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, {
    type: "svg",
    margin: 4,
    errorCorrectionLevel: "M",
    color: { dark: "#0f172a", light: "#ffffff" },
  });
}
