// Uncached work must not stall the rest (issue 24): searches with a new query on every request, so
// no cache helps, on /search (the site search's index) and /blog?q= (the blog's own filter), at 1, 5
// and 20 clients; during the 20-client load, one client asks /healthz and one a cached page (/)
// every 20 ms, and their p99 is reported beside it; the server's resident memory is sampled every
// second during the load (the highest is reported) and a minute after it.
// Called from scripts/bench.mjs. Targets: /healthz and cached pages p99 < 50 ms at 20 clients;
// >= 250 req/s of new searches on the embedded database; < 350 MB resident during 60 s of new
// searches (BENCH_SEARCH_SECONDS) and < 250 MB a minute after.

import fs from "node:fs";

const LOAD_SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 60);
const PROBE_EVERY_MS = 20;

/** Latencies of one request at a time to `url`, every PROBE_EVERY_MS, until `stop()` resolves. */
async function probe(url, headers, stopped) {
  const times = [];
  let errors = 0;
  while (!stopped.value) {
    const started = performance.now();
    try {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (!res.ok) errors++;
    } catch {
      errors++;
    }
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  times.sort((a, b) => a - b);
  const pct = (p) => Number((times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN).toFixed(1));
  return { p50: pct(50), p99: pct(99), max: pct(100), count: times.length, errors };
}

/** CPU time the process has used, in ms (user + system; /proc/<pid>/stat counts in 1/100 s). */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The V8 heap and the memory outside it (PGlite's WebAssembly memory, buffers), in MB, from the server's /metrics. */
async function heapMb(url) {
  try {
    const text = await (await fetch(`${url}/metrics`)).text();
    const metric = (name) => Math.round(Number(text.match(new RegExp(`^clink_${name} (\\S+)`, "m"))?.[1] ?? NaN) / 2 ** 20);
    return { heap: metric("nodejs_heap_size_used_bytes"), external: metric("nodejs_external_memory_bytes") };
  } catch {
    return { heap: NaN, external: NaN };
  }
}

export async function uncachedSearchRows({ url, pid, load, headers, words, rssMb, duration }) {
  // Half are one word (~500 matching posts, 20 shown), half two words; the "or {n}" (a post number) makes each new.
  let count = 0;
  const newQuery = () => {
    count++;
    const picked = [words[count % words.length], ...(count % 2 ? [words[(count * 7 + 3) % words.length]] : [])];
    return `${picked.map(encodeURIComponent).join("+")}+or+${count}`;
  };
  const searches = [
    ["/search, a new query each time", () => `/search?q=${newQuery()}`],
    ["/blog?q=, a new query each time", () => `/blog?q=${newQuery()}`],
  ];
  const rows = [];
  for (const [label, path] of searches) {
    for (const connections of [1, 5, 20]) {
      const long = connections === 20 && label.startsWith("/search");
      const stopped = { value: false };
      const probes = long ? [probe(`${url}/healthz`, {}, stopped), probe(`${url}/`, headers, stopped)] : [];
      let peakRss = rssMb(pid);
      const sampler = long ? setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 1000) : undefined;
      const cpuBefore = cpuMs(pid);
      const result = await load(`${url}/search`, headers, {
        requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }],
        connections,
        duration: long ? LOAD_SECONDS : duration,
      });
      stopped.value = true;
      clearInterval(sampler);
      const memory = long ? await heapMb(url) : undefined;
      const served = Math.max(1, result.rps * (long ? LOAD_SECONDS : duration));
      // The server's own CPU per search: what a quiet machine's throughput follows, whoever else shares the cores.
      const row = {
        page: label,
        conn: connections,
        seconds: long ? LOAD_SECONDS : duration,
        "req/s": result.rps,
        "p50 ms": result.p50,
        "p99 ms": result.p99,
        "server CPU ms/req": Number(((cpuMs(pid) - cpuBefore) / served).toFixed(1)),
        errors: result.errors,
      };
      if (long) {
        const [healthz, cached] = await Promise.all(probes);
        Object.assign(row, {
          "/healthz p99 ms": healthz.p99,
          "/healthz max ms": healthz.max,
          "cached / p99 ms": cached.p99,
          "peak RSS MB": peakRss,
          "heap MB": memory.heap,
          "external MB": memory.external,
        });
        await new Promise((resolve) => setTimeout(resolve, 60_000));
        row["RSS 60 s after MB"] = rssMb(pid);
        const after = await heapMb(url);
        row["heap after MB"] = after.heap;
        row["external after MB"] = after.external;
      }
      console.log(JSON.stringify(row));
      rows.push(row);
    }
  }
  return rows;
}
