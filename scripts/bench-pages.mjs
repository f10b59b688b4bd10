// `npm run bench:pages -- [--runs 200] [--data-dir DIR]`: the docs/product.md#directory benchmark. Starts the production
// server (`npm run build` first; the flags `npm start` uses) on DATABASE_URL (or a PGlite DATA_DIR), seeded
// beforehand (`npm run db:seed -- --count 1000000`), then over HTTP as a visitor:
// - company pages (`--runs` different companies, taken from the company sitemaps), p50/p95;
// - company-vs-company pages (`--runs` chosen pairs, from the compare sitemaps), p50/p95;
// - the largest city and the largest industry, first page and last listed page, and /directory/cities,
//   `--runs` requests each, p50/p95;
// - investor pages (decision 030): `--runs` different investors from the investor sitemaps, the largest of the
//   hub's most active investors (its first and last page), the hub and an A-Z page, p50/p95;
// - /sitemap.xml and every sitemap it lists, one after the other: total time and bytes;
// and the server process's peak RSS (sampled from /proc every 20 ms) over each part.
// The first 5 requests of each page warm the server's caches (the directory catalog is computed once per
// data version) and are not counted.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { serverEnv, serverNodeArgs } from "../server/node-args.mjs";
import { waitForServer } from "./wait-for-server.mjs";

const PORT = 3196;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const MB = 1024 * 1024;
const WARM_UP = 5;

const { values } = parseArgs({
  options: { runs: { type: "string", default: "200" }, "data-dir": { type: "string" } },
});
const runs = Number(values.runs);
if (!process.env.DATABASE_URL && !values["data-dir"]) {
  console.error("Set DATABASE_URL (or --data-dir DIR): the benchmark reads an existing, seeded database.");
  process.exit(1);
}

const server = spawn(process.execPath, [...serverNodeArgs(), "server.mjs"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...serverEnv(),
    NODE_ENV: "production",
    APP_ENV: "development",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    APP_URL: ORIGIN,
    ...(values["data-dir"] ? { DATA_DIR: values["data-dir"], DATABASE_URL: "" } : {}),
    SEED_ON_EMPTY: "false",
    // One server process: its peak RSS is what this benchmark reports (several are bench:load's subject).
    WEB_CONCURRENCY: "1",
    LOG_LEVEL: "warn",
  },
});

function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, rssOf(server.pid));
}, 20);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timed(url) {
  const started = performance.now();
  const response = await fetch(url);
  const bytes = (await response.arrayBuffer()).byteLength;
  return { ms: performance.now() - started, status: response.status, bytes };
}

function report(label, samples, target) {
  const sorted = [...samples].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  const verdict =
    target === undefined
      ? ""
      : p95 <= target
        ? `  (target <= ${target} ms: met)`
        : `  (target <= ${target} ms: MISSED)`;
  console.log(
    `${label.padEnd(58)} p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  max ${sorted.at(-1).toFixed(1).padStart(6)} ms  n=${sorted.length}${verdict}`,
  );
}

async function repeat(path, count) {
  const samples = [];
  for (let index = 0; index < count + WARM_UP; index++) {
    const { ms, status } = await timed(`${ORIGIN}${path}`);
    if (status !== 200) throw new Error(`${path} answered ${status}`);
    if (index >= WARM_UP) samples.push(ms);
  }
  return samples;
}

const locs = (xml) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1].replaceAll("&#38;", "&"));

/** The href of the first link under `prefix` in a page (the directory lists its largest first). */
async function firstLink(page, prefix) {
  const html = await (await fetch(`${ORIGIN}${page}`)).text();
  const escaped = prefix.replaceAll("/", "\\/");
  const found = new RegExp(`href="(${escaped}[^"?]+)"`).exec(html)?.[1];
  if (!found) throw new Error(`no link to ${prefix} on ${page}`);
  return found;
}

async function lastListedPage(path) {
  const html = await (await fetch(`${ORIGIN}${path}`)).text();
  const pages = /Page 1 of ([\d,]+)/.exec(html.replaceAll("<!-- -->", ""))?.[1];
  return pages ? Number(pages.replaceAll(",", "")) : 1;
}

try {
  await waitForServer(server, ORIGIN);
  console.log(`Server up (pid ${server.pid}, ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}).`);

  // Sitemaps first: their company URLs give the company pages to request.
  peak = rssOf(server.pid);
  const sitemapStarted = performance.now();
  const index = await (await fetch(`${ORIGIN}/sitemap.xml`)).text();
  let bytes = index.length;
  let urls = 0;
  const companyPaths = [];
  const comparePaths = [];
  const investorPaths = [];
  for (const loc of locs(index)) {
    const response = await fetch(loc);
    if (response.status !== 200) throw new Error(`${loc} answered ${response.status}`);
    const xml = await response.text();
    bytes += xml.length;
    const found = locs(xml);
    urls += found.length;
    // The company and compare pages requested below: those of the first company and compare sitemaps.
    if (loc.includes("/sitemaps/companies-") && companyPaths.length === 0) {
      for (const url of found) companyPaths.push(new URL(url).pathname);
    }
    if (loc.includes("/sitemaps/investors-")) {
      for (const url of found) investorPaths.push(new URL(url).pathname);
    }
    if (loc.includes("/sitemaps/compare-") && comparePaths.length === 0) {
      for (const url of found) comparePaths.push(new URL(url).pathname);
    }
  }
  const sitemapMs = performance.now() - sitemapStarted;
  console.log(
    `/sitemap.xml and its ${locs(index).length} sitemaps (${urls.toLocaleString("en-US")} URLs, ${(bytes / MB).toFixed(1)} MB): ${(sitemapMs / 1000).toFixed(1)} s in all (target < 15 s: ${sitemapMs < 15_000 ? "met" : "MISSED"}); server peak RSS ${(peak / MB).toFixed(0)} MB (target < 250 MB: ${peak < 250 * MB ? "met" : "MISSED"})`,
  );

  peak = rssOf(server.pid);
  const step = Math.max(1, Math.floor(companyPaths.length / (runs + WARM_UP)));
  const picked = Array.from(
    { length: runs + WARM_UP },
    (_, i) => companyPaths[(i * step) % companyPaths.length],
  );
  const companySamples = [];
  for (const [i, path] of picked.entries()) {
    const { ms, status } = await timed(`${ORIGIN}${path}`);
    if (status !== 200) throw new Error(`${path} answered ${status}`);
    if (i >= WARM_UP) companySamples.push(ms);
  }
  report(`/company/{slug} (${runs} companies)`, companySamples, 30);
  if (comparePaths.length > 0) {
    const compareStep = Math.max(1, Math.floor(comparePaths.length / (runs + WARM_UP)));
    const compareSamples = [];
    for (let i = 0; i < runs + WARM_UP; i++) {
      const path = comparePaths[(i * compareStep) % comparePaths.length];
      const { ms, status } = await timed(`${ORIGIN}${path}`);
      if (status !== 200) throw new Error(`${path} answered ${status}`);
      if (i >= WARM_UP) compareSamples.push(ms);
    }
    report(`/compare/{a}-vs-{b} (${runs} chosen pairs)`, compareSamples, 30);
  } else {
    console.log("No compare sitemap: run `npm run similarity:refresh` first for the compare pages.");
  }

  const city = await firstLink("/directory/cities", "/directory/cities/");
  const cityLast = await lastListedPage(city);
  report(`${city}`, await repeat(city, runs), 50);
  report(`${city}?page=${cityLast}`, await repeat(`${city}?page=${cityLast}`, runs), 50);
  const industry = await firstLink("/directory", "/directory/industries/");
  const industryLast = await lastListedPage(industry);
  report(`${industry}`, await repeat(industry, runs), 50);
  report(`${industry}?page=${industryLast}`, await repeat(`${industry}?page=${industryLast}`, runs), 50);
  const letterLast = await lastListedPage("/directory/companies/s");
  report(
    `/directory/companies/s?page=${letterLast} (A-Z, last page)`,
    await repeat(`/directory/companies/s?page=${letterLast}`, runs),
  );
  report("/directory/cities", await repeat("/directory/cities", runs), 100);

  // Investor pages: the largest of the hub's most active investors (by its rounds), first and last page.
  const hub = (await (await fetch(`${ORIGIN}/investors`)).text()).replaceAll("<!-- -->", "");
  const largest = [
    ...hub.matchAll(/href="(\/investors\/(?!letters\/)[a-z0-9-]+)"[\s\S]*?([\d,]+) rounds<\/p>/g),
  ]
    .map((match) => ({ path: match[1], rounds: Number(match[2].replaceAll(",", "")) }))
    .sort((a, b) => b.rounds - a.rounds)[0];
  if (largest) {
    const last = await lastListedPage(largest.path);
    console.log(
      `Largest investor of the hub: ${largest.path}, ${largest.rounds.toLocaleString("en-US")} rounds`,
    );
    report(`${largest.path} (first page)`, await repeat(largest.path, runs), 50);
    report(
      `${largest.path}?page=${last} (last page)`,
      await repeat(`${largest.path}?page=${last}`, runs),
      50,
    );
  }
  if (investorPaths.length > 0) {
    const investorStep = Math.max(1, Math.floor(investorPaths.length / (runs + WARM_UP)));
    const investorSamples = [];
    for (let i = 0; i < runs + WARM_UP; i++) {
      const path = investorPaths[(i * investorStep) % investorPaths.length];
      const { ms, status } = await timed(`${ORIGIN}${path}`);
      if (status !== 200) throw new Error(`${path} answered ${status}`);
      if (i >= WARM_UP) investorSamples.push(ms);
    }
    report(`/investors/{slug} (${runs} investors, first visit each)`, investorSamples, 50);
  }
  report("/investors", await repeat("/investors", runs), 50);
  report("/investors/letters/s", await repeat("/investors/letters/s", runs), 50);
  console.log(`Server peak RSS over the pages: ${(peak / MB).toFixed(0)} MB`);
} finally {
  clearInterval(sampler);
  server.kill("SIGTERM");
}
