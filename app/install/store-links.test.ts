import { describe, expect, it } from "vitest";
import {
  appStoreLink,
  CAMPAIGN_TOKEN_MAX,
  campaignToken,
  getAddress,
  getAttribution,
  getCampaignOf,
  googlePlayLink,
  pageName,
  platformOf,
  playReferrer,
  qrImageAddress,
  withVisit,
  type StoreConfig,
} from "./store-links";

const bare: StoreConfig = {
  appStoreUrl: "https://apps.apple.com/app/clink-never-drink-alone/id6740000000",
  googlePlayUrl: "https://play.google.com/store/apps/details?id=app.clink",
};
const configured: StoreConfig = {
  ...bare,
  appStoreId: "6740000000",
  providerToken: "118993254",
  googlePlayPackage: "app.clink",
};

describe("the App Store campaign token", () => {
  it("is the campaign (else the source, else 'web'), the page and the city", () => {
    expect(campaignToken({ campaign: "launch", source: "tiktok", page: "/" })).toBe("launch.home");
    expect(campaignToken({ source: "tiktok", page: "/social-drinking-app" })).toBe("tiktok.social-drinking-app");
    expect(campaignToken({ page: "/blog/first-post" })).toBe("web.blog-first-post");
    expect(
      campaignToken({
        campaign: "Été à Paris!",
        page: "/venue-map",
        city: "New York",
      }),
    ).toBe("ete-a-paris.venue-map.new-york");
  });

  it(`never passes ${CAMPAIGN_TOKEN_MAX} characters, keeping every part`, () => {
    const token = campaignToken({
      campaign: "a-very-long-campaign-name-indeed",
      page: "/blog/how-to-meet-people-at-a-bar-without-being-weird",
      city: "San Francisco",
    });
    expect(token.length).toBeLessThanOrEqual(CAMPAIGN_TOKEN_MAX);
    expect(token).toBe("a-very-long.blog-how.san-fran");
    expect(token.split(".")).toHaveLength(3);
    for (const part of token.split(".")) expect(part).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("names pages by their path", () => {
    expect(pageName("/")).toBe("home");
    expect(pageName("/early-access")).toBe("early-access");
  });
});

describe("the App Store link", () => {
  it("is Apple's campaign link when the id is configured: pt, ct and mt=8", () => {
    const url = new URL(
      appStoreLink(configured, {
        source: "tiktok",
        campaign: "launch",
        page: "/",
      }),
    );
    expect(url.origin + url.pathname).toBe("https://apps.apple.com/app/apple-store/id6740000000");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      pt: "118993254",
      ct: "launch.home",
      mt: "8",
    });
  });

  it("adds ct and mt=8 to APP_STORE_URL without an id (and pt when there is one)", () => {
    const url = new URL(appStoreLink(bare, { page: "/dating" }));
    expect(url.pathname).toBe("/app/clink-never-drink-alone/id6740000000");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      ct: "web.dating",
      mt: "8",
    });
    expect(new URL(appStoreLink({ ...bare, providerToken: "42" }, { page: "/" })).searchParams.get("pt")).toBe("42");
  });

  it("leaves an address off Apple's store as configured", () => {
    expect(appStoreLink({ ...bare, appStoreUrl: "https://clink.app/ios" }, { page: "/" })).toBe("https://clink.app/ios");
  });
});

describe("the Google Play link", () => {
  it("holds the attribution in referrer, encoded once more", () => {
    const href = googlePlayLink(configured, {
      source: "tiktok",
      campaign: "launch",
      page: "/social-drinking-app",
      city: "Sydney",
    });
    expect(href).toBe(
      "https://play.google.com/store/apps/details?id=app.clink&referrer=utm_source%3Dtiktok%26utm_medium%3Dreferral%26utm_campaign%3Dlaunch%26utm_content%3D%252Fsocial-drinking-app%26utm_term%3DSydney",
    );
    // What the Play Install Referrer API hands the app: the referrer's value, decoded once.
    const referrer = new URLSearchParams(new URL(href).searchParams.get("referrer")!);
    expect(Object.fromEntries(referrer)).toEqual({
      utm_source: "tiktok",
      utm_medium: "referral",
      utm_campaign: "launch",
      utm_content: "/social-drinking-app",
      utm_term: "Sydney",
    });
  });

  it("names the site as the source of a visit without one, and keeps a given medium", () => {
    expect(playReferrer({ page: "/" })).toBe("utm_source=website&utm_medium=website&utm_content=%2F");
    expect(playReferrer({ source: "newsletter", medium: "email", page: "/" })).toBe(
      "utm_source=newsletter&utm_medium=email&utm_content=%2F",
    );
  });

  it("is made on GOOGLE_PLAY_URL without a package, and leaves another host alone", () => {
    expect(new URL(googlePlayLink(bare, { page: "/" })).searchParams.get("id")).toBe("app.clink");
    expect(new URL(googlePlayLink(bare, { page: "/" })).searchParams.get("referrer")).toContain("utm_content=%2F");
    expect(googlePlayLink({ ...bare, googlePlayUrl: "https://clink.app/android" }, { page: "/" })).toBe("https://clink.app/android");
  });
});

describe("a page's links made for the visit in the browser", () => {
  const visit = { source: "tiktok", campaign: "launch", page: "/" };
  it("changes only the attribution of links the server made attributable", () => {
    const apple = new URL(withVisit(appStoreLink(configured, { page: "/" }), visit));
    expect(Object.fromEntries(apple.searchParams)).toEqual({
      pt: "118993254",
      ct: "launch.home",
      mt: "8",
    });
    const play = new URL(withVisit(googlePlayLink(configured, { page: "/" }), visit));
    expect(play.searchParams.get("id")).toBe("app.clink");
    expect(new URLSearchParams(play.searchParams.get("referrer")!).get("utm_campaign")).toBe("launch");
    expect(withVisit("https://clink.app/ios", visit)).toBe("https://clink.app/ios");
    expect(withVisit("#", visit)).toBe("#");
  });
});

describe("/get", () => {
  it("knows the phone from its user agent", () => {
    expect(
      platformOf(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("ios");
    expect(
      platformOf(
        "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("ios");
    expect(
      platformOf("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36"),
    ).toBe("android");
    expect(platformOf("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36")).toBe("desktop");
    expect(platformOf("")).toBe("desktop");
  });

  it("carries its campaign and city, and a page's QR code carries the visit's campaign or the page", () => {
    expect(getAddress("https://clink.app", "launch", "New York")).toBe("https://clink.app/get?c=launch&city=New+York");
    expect(getAddress("https://clink.app")).toBe("https://clink.app/get");
    expect(qrImageAddress("home")).toBe("/get/qr.svg?c=home");
    expect(getCampaignOf({ page: "/social-drinking-app" })).toBe("social-drinking-app");
    expect(getCampaignOf({ source: "tiktok", page: "/" })).toBe("tiktok");
    expect(getCampaignOf({ source: "tiktok", campaign: "launch", page: "/" })).toBe("launch");
    expect(campaignToken(getAttribution("poster", "Sydney"))).toBe("poster.get.sydney");
    expect(campaignToken(getAttribution())).toBe("get-link.get");
  });
});
