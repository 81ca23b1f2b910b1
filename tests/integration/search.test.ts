import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInCookie, startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer({ env: { SEED_DEMO: "false" } });
  cookie = await signInCookie(server);
});
afterAll(async () => {
  await server?.stop();
});

const createPost = async (post: { title: string; content: string; published?: boolean }) => {
  const res = await fetch(`${server.url}/api/blog`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ author: "Sam Searcher", excerpt: "An evening out.", category: "tips", published: true, ...post }),
  });
  expect(res.status).toBe(201);
  return (await res.json()).post as { slug: string; title: string };
};

/** The search page's text, without React's text-joining comments. */
const searchText = async (query: string) => {
  const res = await fetch(`${server.url}/search?q=${encodeURIComponent(query)}`);
  expect(res.status).toBe(200);
  return (await res.text()).replaceAll("<!-- -->", "");
};

describe("GET /search", () => {
  it("counts every match while showing the best 20, the title match first, and never a draft", async () => {
    const word = `zephyrine${Date.now()}`;
    const inTitle = await createPost({ title: `The ${word} guide`, content: "All about it." });
    for (let i = 0; i < 22; i++) await createPost({ title: `Night out number ${i}`, content: `We talked about ${word} over a drink.` });
    const draft = await createPost({ title: `Secret ${word} draft`, content: `Unpublished ${word}.`, published: false });

    const html = await searchText(word);
    expect(html).toContain("(best 20 of 23)");
    const links = [...html.matchAll(/href="(\/blog\/[^"]+)"/g)].map((m) => m[1]);
    expect(links[0]).toBe(`/blog/${inTitle.slug}`);
    expect(links).not.toContain(`/blog/${draft.slug}`);
  });

  it("shows the matching words in context, marked", async () => {
    const word = `quokkatini${Date.now()}`;
    await createPost({ title: "A cocktail story", content: `Late on Friday the bartender poured a ${word} for the whole table.` });
    const html = await searchText(word);
    expect(html).toMatch(new RegExp(`<mark[^>]*>${word}</mark>`));
    expect(html).toContain("bartender poured a");
  });

  it("falls back to any of the words when no post has all of them, and says so", async () => {
    const stamp = Date.now();
    const first = await createPost({ title: `The velvetfizz${stamp} nights`, content: "Bubbles all round." });
    const second = await createPost({ title: `A mossbarrel${stamp} tasting`, content: "Oak and smoke." });
    const html = await searchText(`velvetfizz${stamp} mossbarrel${stamp}`);
    expect(html).toContain("with some of your words (nothing had all of them)");
    expect(html).toContain(`/blog/${first.slug}`);
    expect(html).toContain(`/blog/${second.slug}`);
  });
});
