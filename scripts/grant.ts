// `npm run grant -- <email> <plan> [--revoke]`: an admin grants (or revokes) a plan from the command line.
import { parseArgs } from "node:util";
import { isPlanId, PLAN_IDS } from "../app/core/plans";
import { GrantError, grantPlan, revokeGrant } from "../app/server/billing/grants.server";
import { fail, withAppDatabase } from "./open-app-database";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { revoke: { type: "boolean", default: false } },
});
const [email, plan] = positionals;
if (!email || !plan)
  fail(`usage: npm run grant -- <email> <plan> [--revoke]   (plans: ${PLAN_IDS.join(", ")})`);
if (!isPlanId(plan)) fail(`Unknown plan "${plan}". Plans: ${PLAN_IDS.join(", ")}.`);

try {
  // Closed (written to disk) before the success line below.
  await withAppDatabase(async (database) => {
    if (values.revoke) await revokeGrant(database.db, email, plan);
    else await grantPlan(database.db, email, plan);
  });
} catch (error) {
  if (error instanceof GrantError) fail(error.message);
  throw error;
}
console.log(values.revoke ? `Revoked ${plan} from ${email}.` : `Granted ${plan} to ${email}.`);
