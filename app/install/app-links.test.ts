import { describe, expect, it } from "vitest";
import { appleAppSiteAssociation, appLinksSchema, assetLinks, normalAppLinks } from "./app-links";

const FINGERPRINT = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5";
const valid = {
  apple: {
    teamId: "ABCDE12345",
    bundleId: "app.clink.ios",
    paths: ["/blog/*", "NOT /admin/*", "/venue-map"],
  },
  android: {
    packageName: "app.clink",
    sha256Fingerprints: [FINGERPRINT.toLowerCase()],
  },
};
const problem = (input: unknown) => {
  const result = appLinksSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe("the app links settings", () => {
  it("takes a team id, bundle id and paths, and a package name with fingerprints", () => {
    expect(problem(valid)).toBeNull();
    expect(problem({})).toBeNull();
    expect(problem({ android: valid.android })).toBeNull();
  });

  it("names the field of a bad value", () => {
    expect(problem({ apple: { ...valid.apple, teamId: "ABCDE1234" } })).toMatch(/^apple\.teamId must be 10/);
    expect(problem({ apple: { ...valid.apple, teamId: "abcde12345" } })).toMatch(/^apple\.teamId/);
    expect(problem({ apple: { ...valid.apple, bundleId: "clink" } })).toMatch(/^apple\.bundleId/);
    expect(problem({ apple: { ...valid.apple, paths: [] } })).toMatch(/^apple\.paths/);
    expect(problem({ apple: { ...valid.apple, paths: ["blog/*"] } })).toMatch(/^apple\.paths/);
    expect(problem({ android: { ...valid.android, packageName: "1app.clink" } })).toMatch(/^android\.packageName/);
    expect(problem({ android: { ...valid.android, packageName: "clink" } })).toMatch(/^android\.packageName/);
    expect(
      problem({
        android: {
          ...valid.android,
          sha256Fingerprints: [FINGERPRINT.slice(3)],
        },
      }),
    ).toMatch(/^android\.sha256Fingerprints/);
    expect(
      problem({
        android: {
          ...valid.android,
          sha256Fingerprints: [FINGERPRINT.replaceAll(":", "")],
        },
      }),
    ).toMatch(/^android\.sha256Fingerprints/);
    expect(problem({ android: { ...valid.android, sha256Fingerprints: [] } })).toMatch(/^android\.sha256Fingerprints/);
    expect(problem({ ios: {} })).not.toBeNull();
  });
});

describe("the files the stores' fetchers read", () => {
  const links = normalAppLinks(appLinksSchema.parse(valid));

  it("apple-app-site-association: appIDs and components, an excluded path marked", () => {
    expect(appleAppSiteAssociation(links.apple!)).toEqual({
      applinks: {
        details: [
          {
            appIDs: ["ABCDE12345.app.clink.ios"],
            components: [{ "/": "/blog/*" }, { "/": "/admin/*", exclude: true }, { "/": "/venue-map" }],
          },
        ],
      },
    });
  });

  it("assetlinks.json: one statement handling all URLs, fingerprints in capitals", () => {
    expect(assetLinks(links.android!)).toEqual([
      {
        relation: ["delegate_permission/common.handle_all_urls"],
        target: {
          namespace: "android_app",
          package_name: "app.clink",
          sha256_cert_fingerprints: [FINGERPRINT],
        },
      },
    ]);
  });
});
