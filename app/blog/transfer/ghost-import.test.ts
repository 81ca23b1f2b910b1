import fs from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ImportMalformed } from "./content-archive";
import { ghostBodyToMarkdown, lexicalToHtml, mobiledocToHtml } from "./ghost-body";
import { ghostExportOf, readGhostExport } from "./ghost-import";

const fixture = (name: string) => JSON.parse(fs.readFileSync(`tests/fixtures/ghost/${name}`, "utf8")) as unknown;

describe("Ghost export", () => {
  it("reads a Ghost 4 export: posts and pages with their state, dates, tags, authors and search fields", () => {
    const { version, content } = readGhostExport(fixture("ghost-4.json"));
    expect(version).toBe(4);
    const bySlug = new Map(content.posts.map((post) => [post.slug, post]));
    const harbour = bySlug.get("night-at-the-harbour-bars")!;
    expect(harbour).toMatchObject({
      title: "A night at the harbour bars",
      excerpt: "Where the harbour goes after dark.",
      author: "Maya Lindqvist",
      authorEmail: "maya@ghost-fixture.example",
      category: "nightlife",
      tags: ["Nightlife", "Ghost Four Guides"],
      image: "https://images.ghost-fixture.example/harbour-cover.jpg",
      imageAlt: "The harbour lit up at night",
      metaTitle: "Harbour bars at night",
      published: true,
      publishAt: "2021-03-03T20:00:00.000Z",
    });
    // The html wins over mobiledoc; Ghost's URL placeholder becomes a site path.
    expect(harbour.content).toContain("## Where to start");
    expect(harbour.content).toContain("- The Lantern");
    expect(harbour.content).toContain("![Boats at night](/content/images/2021/03/harbour.jpg)");
    expect(harbour.content).toContain("[the full guide](https://example.org/guide)");
    expect(bySlug.get("mobiledoc-only-quiet-cafes")).toMatchObject({ author: "Tom Okafor", category: "updates" });
    expect(bySlug.get("draft-winter-programme")).toMatchObject({ published: false, publishAt: "2021-03-01T09:00:00.000Z" });
    expect(bySlug.get("about-this-guide")).toMatchObject({ published: true });
    // Internal tags are left out.
    expect(content.tags.map((tag) => tag.name)).toEqual(["Nightlife", "Ghost Four Guides"]);
    expect(content.authors.map((author) => author.name).sort()).toEqual(["Maya Lindqvist", "Tom Okafor"]);
  });

  it("turns mobiledoc sections and cards into Markdown when there is no html", () => {
    const { content } = readGhostExport(fixture("ghost-4.json"));
    const cafes = content.posts.find((post) => post.slug === "mobiledoc-only-quiet-cafes")!.content;
    expect(cafes).toContain("**Quiet** cafés for a _slow_ morning, with [a map](https://example.org/map).");
    expect(cafes).toContain("![A cup on a table](https://images.ghost-fixture.example/cafe.jpg)");
    expect(cafes).toContain("> Coffee first, plans later.");
    expect(cafes).toMatch(/1\.\s+Order/);
    expect(cafes).toContain("Some **markdown** card text.");
  });

  it("reads a Ghost 5 export with lexical bodies", () => {
    const { version, content } = readGhostExport(fixture("ghost-5.json"));
    expect(version).toBe(5);
    const market = content.posts.find((post) => post.slug === "lexical-only-autumn-market")!;
    // Each kind of lexical node, as the Markdown it became: text with bold, heading, list, quote, image, link.
    const parts = [
      "The autumn market opens on **Friday** at the old depot.",
      "## What to bring",
      "- Cash for the small stalls",
      "> Go early, leave happy.",
      "![Stalls under lights](https://images.ghost-fixture.example/market.jpg)",
      "[the market page](https://example.org/market)",
    ];
    for (const part of parts) expect(market.content, part).toContain(part);
    expect(market).toMatchObject({ category: "events", image: "/content/images/2023/09/market-cover.jpg", author: "Jonas Weber" });
    const jazz = content.posts.find((post) => post.slug === "with-html-jazz-night")!;
    expect(jazz.content).not.toContain("ignored");
    expect(jazz.content).toContain("**cellar**");
    expect(content.posts.find((post) => post.slug === "draft-new-year-plans")!.published).toBe(false);
  });

  it("knows Ghost's shape, with or without the outer db list, and refuses a broken one", () => {
    expect(ghostExportOf({ posts: [] })).toBeNull();
    expect(ghostExportOf({ meta: { version: "5.0.0" }, data: { posts: [] } })).not.toBeNull();
    expect(() => readGhostExport({ db: [{ meta: { version: "5.1.0" }, data: { posts: [{ title: "no slug" }] } }] })).toThrow(
      ImportMalformed,
    );
  });

  it("escapes text and keeps unknown nodes' text", () => {
    expect(
      lexicalToHtml(
        JSON.stringify({
          root: {
            type: "root",
            children: [
              { type: "paragraph", children: [{ type: "text", text: "<b>not bold</b>" }] },
              { type: "mystery", text: "kept" },
            ],
          },
        }),
      ),
    ).toBe("<p>&lt;b&gt;not bold&lt;/b&gt;</p>kept");
    expect(mobiledocToHtml(JSON.stringify({ sections: [[1, "p", [[0, [], 0, "a & b"]]]] }))).toBe("<p>a &amp; b</p>");
    expect(ghostBodyToMarkdown({ html: "<p>x</p><script>alert(1)</script>" })).toBe("x");
    for (const body of [
      { lexical: "{not json" },
      { mobiledoc: JSON.stringify({ sections: [[1, "p", 5]] }) },
      { lexical: JSON.stringify({ root: { type: "root", children: 7 } }) },
    ]) {
      expect(() =>
        readGhostExport({ db: [{ meta: { version: "5.0.0" }, data: { posts: [{ id: "1", slug: "broken", ...body }] } }] }),
      ).toThrow(/"broken" has a body that cannot be read/);
    }
  });

  it("fits Ghost's longer fields to this site's limits instead of refusing the post", () => {
    const tags = Array.from({ length: 25 }, (_, i) => ({ id: `t${i}`, name: `Tag ${i} ${"x".repeat(50)}` }));
    const { content } = readGhostExport({
      db: [
        {
          meta: { version: "5.2.0" },
          data: {
            posts: [
              {
                id: "p",
                slug: "long",
                title: "T".repeat(300),
                html: "<p>Body</p>",
                canonical_url: "/relative/path",
                status: "published",
                published_at: "2024-01-01T00:00:00.000Z",
              },
            ],
            tags,
            posts_tags: tags.map((tag, i) => ({ post_id: "p", tag_id: tag.id, sort_order: i })),
          },
        },
      ],
    });
    const [post] = content.posts;
    expect(post!.title).toHaveLength(200);
    expect(post!.canonicalUrl).toBeNull();
    expect(post!.tags).toHaveLength(20);
    expect(post!.tags.every((tag) => tag.length <= 40)).toBe(true);
  });

  it("answers any Ghost-shaped file with content or ImportMalformed, never another error", () => {
    const anyValue = fc.anything({ maxDepth: 3 });
    const body = fc.oneof(
      fc.string(),
      fc.json(),
      anyValue.map((v) => JSON.stringify(v) ?? ""),
    );
    const post = fc.record(
      {
        id: fc.oneof(fc.string(), fc.integer(), anyValue),
        slug: fc.oneof(fc.string(), anyValue),
        html: fc.option(body),
        lexical: fc.option(body),
        mobiledoc: fc.option(body),
        status: fc.option(fc.string()),
        published_at: fc.option(fc.oneof(fc.string(), anyValue)),
      },
      { requiredKeys: [] },
    );
    const file = fc.record({
      db: fc.tuple(
        fc.record({
          meta: fc.record({ version: fc.oneof(fc.constantFrom("4.48.9", "5.0.0", "x"), fc.string()) }),
          data: fc.record(
            {
              posts: fc.array(post, { maxLength: 3 }),
              tags: fc.oneof(fc.constant([]), anyValue),
              posts_tags: fc.oneof(fc.constant([]), anyValue),
            },
            { requiredKeys: ["posts"] },
          ),
        }),
      ),
    });
    fc.assert(
      fc.property(file, (json) => {
        try {
          readGhostExport(json);
        } catch (error) {
          if (!(error instanceof ImportMalformed)) throw error;
        }
      }),
      { numRuns: 300, seed: 20261125 },
    );
  });
});
