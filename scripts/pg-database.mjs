// `node scripts/pg-database.mjs create|drop ADMIN_URL NAME`: creates or drops a database on a PostgreSQL
// server (CI's fresh database for the server run of the database tests).
import pg from "pg";

const [action, adminUrl, name] = process.argv.slice(2);
if (!["create", "drop"].includes(action ?? "") || !adminUrl || !name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: node scripts/pg-database.mjs create|drop ADMIN_URL NAME (name: a-z, 0-9, _)");
  process.exit(2);
}
const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
try {
  if (action === "create") await client.query(`create database "${name}"`);
  else await client.query(`drop database if exists "${name}" with (force)`);
  console.log(`${action === "create" ? "created" : "dropped"} database ${name}`);
} finally {
  await client.end();
}
