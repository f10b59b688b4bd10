// `npm run db:migrate`: applies pending migrations to the configured database.
import { withAppDatabase } from "./open-app-database";

// openAppDatabase migrates; the database is closed (written to disk) before the success line.
const kind = await withAppDatabase(async (database) => database.kind);
console.log(`Migrations applied (${kind}).`);
