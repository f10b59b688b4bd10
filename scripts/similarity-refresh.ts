// `npm run similarity:refresh`: computes every company's most similar companies (docs/product.md#compare) in this process
// and makes them current; the app keeps serving the previous ones meanwhile. Run after a large import or
// seed (both run it themselves) on a database too large for the server to do it (over 100,000 companies).
import { refreshSimilarities } from "../app/server/similarity/similarity-refresh.server";
import { fail, withAppDatabase } from "./open-app-database";

try {
  const result = await withAppDatabase((database) =>
    refreshSimilarities(database.db, {
      onProgress(done, total) {
        if (done % 100_000 < 5_000 || done === total) {
          process.stdout.write(`\r${done.toLocaleString("en-US")} / ${total.toLocaleString("en-US")}`);
        }
      },
    }),
  );
  console.log(
    `\nSimilar companies computed for ${result.companies.toLocaleString("en-US")} companies in ${(result.ms / 1000).toFixed(1)} s (generation ${result.generation}${result.isCurrent ? "" : ", superseded by a newer refresh"}).`,
  );
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
