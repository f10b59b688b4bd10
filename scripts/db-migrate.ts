// `npm run db:migrate`: applies pending migrations to the configured database.
import { openAppDatabase } from "./open-app-database";

const database = await openAppDatabase();
console.log(`Migrations applied (${database.kind}).`);
await database.close();
