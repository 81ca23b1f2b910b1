import { createHash } from "node:crypto";
import { signInCookie, type TestServer } from "./test-server";

/**
 * One HTTP client for tests: JSON in and out, optionally signed in as the admin. Integration and e2e
 * tests use it instead of writing their own fetch/sign-in preambles.
 */
export type Api = {
  url: string;
  /** The admin's session cookie ("name=value"), when signed in. */
  cookie?: string;
  /** A request with a JSON body (when given) and this client's cookie. */
  call: (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Response>;
  get: (path: string, headers?: Record<string, string>) => Promise<Response>;
};

export function publicApi(server: Pick<TestServer, "url">, cookie?: string): Api {
  const call: Api["call"] = (method, path, body, headers = {}) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { url: server.url, cookie, call, get: (path, headers) => call("GET", path, undefined, headers) };
}

/** Signs in through the API as the test admin. */
export async function adminApi(server: Pick<TestServer, "url">): Promise<Api> {
  return publicApi(server, await signInCookie(server));
}

export type CreatedPost = {
  id: number;
  slug: string;
  title: string;
  image: string;
  imageMimeType: string | null;
  createdAt: string;
  updatedAt: string;
  published: boolean;
  tags: string[];
};

let postCounter = 0;

/** A valid post body; every call gets a title of its own. */
export function postInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: `Test post ${++postCounter} ${Date.now()}`,
    author: "Alex Writer",
    excerpt: "A short excerpt for the card.",
    content: "## Hello\n\nSome **markdown** body.",
    category: "tips",
    tags: ["one", "two"],
    published: true,
    ...overrides,
  };
}

/** Creates a post as the admin and returns it; fails loudly when the API refuses. */
export async function createPost(admin: Api, overrides: Record<string, unknown> = {}): Promise<CreatedPost> {
  const res = await admin.call("POST", "/api/blog", postInput(overrides));
  if (res.status !== 201) throw new Error(`creating a post answered ${res.status}: ${await res.text()}`);
  return (await res.json()).post as CreatedPost;
}

/** A valid public contact submission body. */
export function submissionInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: "Ada Lovelace", email: "ada@example.com", subject: "Partnership", message: "Let's work together.", ...overrides };
}

/** Sends a contact submission as a visitor (from its own forwarded address when the server trusts loopback proxies). */
export async function createSubmission(
  server: Pick<TestServer, "url">,
  overrides: Record<string, unknown> = {},
  ip?: string,
): Promise<Response> {
  return publicApi(server).call("POST", "/api/contact", submissionInput(overrides), ip ? { "x-forwarded-for": ip } : {});
}

/** A solved bot-check challenge of the site (as the forms' script sends it): each is accepted once. */
export async function proofOfWork(server: Pick<TestServer, "url">): Promise<string> {
  const c = (await (await fetch(`${server.url}/api/proof-of-work`)).json()) as {
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  };
  // ALTCHA's rule, sha256(salt + number) = challenge, searched synchronously: ~50x faster than the
  // browser's Web Crypto loop, which the e2e tests exercise.
  let number = 0;
  while (number <= c.maxnumber && createHash("sha256").update(`${c.salt}${number}`).digest("hex") !== c.challenge) number++;
  return Buffer.from(
    JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature }),
  ).toString("base64");
}

/** A valid venue for the admin's venues API (Chicago). */
export function venueInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Integration Test Tavern",
    city: "chicago",
    address: "1 Test Plaza, Chicago, IL",
    lat: 41.88,
    lng: -87.63,
    type: "lounge",
    rating: 4.25,
    priceLevel: "$$",
    openUntil: "1:00 AM",
    happyHour: { days: ["Friday"], times: "5:00 PM - 7:00 PM", deals: ["$5 spritz"] },
    features: ["Indoor"],
    phone: "(312) 555-0199",
    website: "https://www.example.com/test",
    image: "/images/venues/lounge-1.webp",
    upcomingEvents: 2,
    activeUsers: 9,
    ...overrides,
  };
}
