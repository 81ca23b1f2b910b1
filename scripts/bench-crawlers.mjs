// Does recording crawler visits slow pages? The same cached page measured with a browser's user
// agent and with crawlers' (each recognised, checked against the published ranges and buffered for
// the batched insert), in alternating rounds so drift on a shared machine hits both alike.
// Called from scripts/bench.mjs; the target is a difference within 5 %.
const CRAWLER_AGENTS = [
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)",
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
  "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)",
  "CCBot/2.0 (https://commoncrawl.org/faq/)",
];
const BROWSER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const ROUNDS = 3;

export async function crawlerRows(baseUrl, load, headers) {
  const url = `${baseUrl}/blog`;
  // Both sides set the user agent per request the same way, so the client's own work is equal.
  let n = 0;
  const withAgents = (agents) => ({ setupRequest: (request) => ({ ...request, headers: { ...request.headers, "user-agent": agents[n++ % agents.length] } }) });
  const browser = [];
  const crawlers = [];
  const row = (page, result) => {
    const r = { page, conn: 50, "req/s": result.rps, "p50 ms": result.p50, "p95 ms": result.p95, "p99 ms": result.p99, errors: result.errors };
    console.log(JSON.stringify(r));
    return r;
  };
  for (let round = 1; round <= ROUNDS; round++) {
    browser.push(row(`/blog, browser UA (round ${round})`, await load(url, headers, { connections: 50, requests: [withAgents([BROWSER_AGENT])] })));
    crawlers.push(row(`/blog, crawler UAs (round ${round})`, await load(url, headers, { connections: 50, requests: [withAgents(CRAWLER_AGENTS)] })));
  }
  const median = (rows) => rows.map((r) => r["req/s"]).sort((a, b) => a - b)[Math.floor(rows.length / 2)];
  const [plain, crawled] = [median(browser), median(crawlers)];
  const summary = { page: `/blog: crawler UAs vs browser (median of ${ROUNDS})`, conn: 50, "req/s": crawled, ratio: `${(((crawled - plain) / plain) * 100).toFixed(1)} % vs ${plain}` };
  console.log(JSON.stringify(summary));
  return [...browser, ...crawlers, summary];
}
