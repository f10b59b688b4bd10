import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company, user } from "~tests/fixtures/factories";
import { decodeHeader, parseMime } from "~tests/fixtures/mime";
import { type SmtpSink, startSmtpSink } from "~tests/fixtures/smtp-sink";
import { grantPlanTo } from "../billing/grants.server";
import { queryRows } from "../db/query-rows.server";
import { companies, users } from "../db/schema";
import { createSmtpMailer } from "../mail/mailer.server";
import { runAlerts } from "./alert-scheduler.server";
import { stopAlerts, unsubscribeTarget } from "./unsubscribe.server";

const database = setUpTestDatabase();
const APP_URL = "https://app.roundlist.example";
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
});

describe("a digest over SMTP", () => {
  it("arrives with the new company, and its unsubscribe link (body and List-Unsubscribe) stops the alerts", async () => {
    await database.db.insert(users).values(user({ name: "Ada" }));
    await grantPlanTo(database.db, "user_ada", "lifetime");
    await database.db
      .insert(companies)
      .values(company("Ledgerly", { slug: "ledgerly", lastFundingType: "Seed", industries: ["FinTech"] }));
    const [search] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into saved_searches (user_id, name, query, alert, next_digest_at, digest_since)
          values ('user_ada', 'Seed FinTech', 'industry=FinTech&stage=Seed', 'daily',
            now() - interval '1 minute', now() - interval '1 day') returning id`,
    );
    const mailer = createSmtpMailer({ url: sink.url, from: "Roundlist <alerts@roundlist.example>" });

    const counts = await runAlerts(database.db, { mailer, appUrl: APP_URL });

    expect(counts.delivery.sent).toBe(1);
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail?.rcptTo).toEqual(["ada@example.com"]);
    const message = parseMime(mail?.raw ?? "");
    expect(decodeHeader(message.headers.get("subject") ?? "")).toBe("1 new company in “Seed FinTech”");
    expect(message.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const headerLink = /^<(.+)>$/.exec(message.headers.get("list-unsubscribe") ?? "")?.[1] ?? "";
    expect(headerLink.startsWith(`${APP_URL}/alerts/unsubscribe/`)).toBe(true);
    const text = message.parts.find((part) => part.contentType.startsWith("text/plain"))?.body ?? "";
    const html = message.parts.find((part) => part.contentType.startsWith("text/html"))?.body ?? "";
    expect(text).toContain("Ledgerly");
    expect(text).toContain(`Stop these emails: ${headerLink}`);
    expect(html).toContain(`href="${headerLink}"`);
    expect(html).toContain(`href="${APP_URL}/company/ledgerly"`);

    // The link works without a session: its token names the search, and following it stops the alerts.
    const token = decodeURIComponent(headerLink.split("/").at(-1) ?? "");
    const target = await unsubscribeTarget(database.db, token);
    expect(target).toEqual({ savedSearchId: Number(search?.id), name: "Seed FinTech", isOn: true });
    await stopAlerts(database.db, Number(search?.id));
    expect((await unsubscribeTarget(database.db, token))?.isOn).toBe(false);
  });
});
