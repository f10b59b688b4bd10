// `npx tsx scripts/time-demo-generator.ts [count]`: CPU and wall time of the demo generator alone (companies with
// their rounds and people, and the investors they name), without a database; decision 028 records the figures.
import { generateCompanies } from "../app/server/demo-data/generate-companies";

const count = Number(process.argv[2] ?? 17_555);
const started = performance.now();
const cpuBefore = process.cpuUsage();
let companies = 0;
let rounds = 0;
let people = 0;
for (const company of generateCompanies({ count, today: new Date("2026-11-28T12:00:00Z") })) {
  companies++;
  rounds += company.rounds.length;
  people += company.people.length;
}
const cpu = process.cpuUsage(cpuBefore);
console.log(
  JSON.stringify({
    companies,
    rounds,
    people,
    wallMs: Math.round(performance.now() - started),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    rssMb: Math.round(process.memoryUsage().rss / 1e6),
  }),
);
