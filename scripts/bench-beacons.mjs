// Do visitor beacons slow pages? (issue 32: 2,000 beacons a second from 50 clients must leave cached pages'
// p99 at 50 connections under 25 ms and their ratio to the bare node:http server at 0.8 or more.)
// Beacons are sent at a fixed overall rate to POST /api/analytics while the same cached page is measured on
// our server and, right after, on the bare server (the bench's server trusts loopback's X-Forwarded-For):
// - as the issue says, from 50 clients (50 addresses): past each client's few views a page a minute they are
//   answered and not counted, and past 120 a minute refused (429), cheaply, in memory;
// - the harder case, every beacon from a new address: every one is counted and written.
// Called from scripts/bench.mjs.
import autocannon from "autocannon";
import { besideBare } from "./bench-server.mjs";

const BEACONS_PER_SECOND = 2000;
const BROWSER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const REFERRERS = ["chatgpt.com", "www.google.com", "perplexity.ai", ""];
// Public pages only: a beacon for an address the site does not serve is refused (400).
const PATHS = ["/", "/about", "/faq", "/blog", "/happy-hour", "/meetups", "/venue-map"];

export async function beaconRows(options) {
  const rows = [...(await beaconRun({ ...options, clients: 50 })), ...(await beaconRun({ ...options, clients: 0 }))];
  console.log(`beacon targets: page p99 < 25 ms and ratio >= 0.8 at ${BEACONS_PER_SECOND} beacons/s from 50 clients`);
  return rows;
}

/** `clients`: how many addresses send the beacons (0: a new one for each). */
async function beaconRun({ url, bareUrl, page, load, headers, duration, clients }) {
  const who = clients ? `from ${clients} clients` : "each from a new address";
  let n = 0;
  const beacons = autocannon({
    url: `${url}/api/analytics`,
    connections: 50,
    overallRate: BEACONS_PER_SECOND,
    duration: duration + 2,
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": BROWSER_AGENT },
    requests: [
      {
        setupRequest: (request) => {
          n++;
          const ref = REFERRERS[n % REFERRERS.length];
          const body = JSON.stringify({ path: PATHS[n % PATHS.length], ...(ref ? { ref } : {}), screen: "desktop" });
          const a = clients ? n % clients : n;
          return {
            ...request,
            body,
            headers: {
              ...request.headers,
              "x-forwarded-for": clients
                ? `10.0.${(a >> 8) & 255}.${a & 255}`
                : `10.${128 + ((a >> 16) & 127)}.${(a >> 8) & 255}.${a & 255}`,
            },
          };
        },
      },
    ],
  });
  const statuses = {};
  beacons.on("response", (_client, status) => (statuses[status] = (statuses[status] ?? 0) + 1));
  // Let the beacons reach their rate before the page is measured.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const ours = await load(url + page, headers, { connections: 50, duration });
  const sent = await beacons;
  const theirs = await load(bareUrl + page, headers, { connections: 50, duration });
  const rows = [
    {
      page: `${page} while ${BEACONS_PER_SECOND} beacons/s arrive ${who}`,
      conn: 50,
      ...besideBare(ours, theirs),
      errors: ours.errors,
    },
    {
      page: `POST /api/analytics (asked ${BEACONS_PER_SECOND}/s ${who})`,
      conn: 50,
      "req/s": Math.round(sent.requests.average),
      "p50 ms": sent.latency.p50,
      "p99 ms": sent.latency.p99,
      errors: `${sent.errors} errors; statuses ${JSON.stringify(statuses)}`,
    },
  ];
  for (const row of rows) console.log(JSON.stringify(row));
  return rows;
}
