// `node scripts/bench-http.mjs URL [requests] [cookie]`: sequential GETs of one URL against a running
// server; prints status, p50/p95/max latency. Used for the server-rendered /search target (docs/product.md#speed).
const [url, count = "100", cookie] = process.argv.slice(2);
if (!url) {
  console.error("usage: node scripts/bench-http.mjs URL [requests] [cookie]");
  process.exit(1);
}
const headers = cookie ? { cookie } : {};
const samples = [];
let status = 0;
for (let i = 0; i < Number(count) + 5; i += 1) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  status = response.status;
  if (i >= 5) samples.push(performance.now() - started); // the first five warm the server up
}
samples.sort((a, b) => a - b);
const at = (p) => samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)].toFixed(1);
console.log(
  `${url} status ${status}: p50 ${at(50)} ms, p95 ${at(95)} ms, max ${at(100)} ms over ${samples.length}`,
);
