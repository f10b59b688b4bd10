import { readFileSync } from "node:fs";
import { verifyWebhook } from "~/server/webhooks/webhook-signature.server";
import { crunchbaseRecord, toCrunchbaseCsv } from "~tests/fixtures/crunchbase-csv";
import { startWebhookReceiver } from "~tests/fixtures/webhook-receiver";
import { gotoHydrated } from "./accounts-helpers";
import { seriousFindings } from "./axe";
import { E2E_PORT } from "./e2e-config";
import { expect, logIn, test } from "./fixtures";
import { startPrivateServer } from "./private-server";

/** 07:05 UTC on the day after today: every daily alert saved today is due then. */
function tomorrowMorning(): string {
  const now = new Date();
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 7, 5),
  ).toISOString();
}

test("save a search with a daily alert and a webhook, get a digest and a signed delivery after an import, unsubscribe from it, export new leads only", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A server of its own: the import adds companies that the shared server's other specs count.
  const server = await startPrivateServer({ port: E2E_PORT + 7, seedCount: 50, name: "alerts" });
  // The subscriber's webhook endpoint, on this machine (outside production, loopback endpoints are allowed).
  const receiver = await startWebhookReceiver();
  try {
    const tag = Date.now().toString(36);
    const industry = `Quantum Farming ${tag}`;
    const subscriberContext = await browser.newContext({ baseURL: server.url, acceptDownloads: true });
    const page = await subscriberContext.newPage();
    const { email } = await logIn(page, { plan: "pro" });

    // 1. Save the search (nothing matches yet) with a daily alert; it is listed on /search and /profile.
    await gotoHydrated(page, `/search?industry=${encodeURIComponent(industry)}&stage=Seed`);
    await page.getByTestId("save-search").click();
    const saveDialog = page.getByRole("dialog", { name: "Save this search" });
    await expect(saveDialog.getByLabel("Name")).toHaveValue(`${industry} · Seed`);
    await saveDialog.getByLabel("Name").fill(`Quantum seed ${tag}`);
    await saveDialog.getByLabel("Email me new companies").selectOption("daily");
    await saveDialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(saveDialog).toBeHidden();
    await page.getByTestId("saved-searches").click();
    const listDialog = page.getByRole("dialog", { name: "Saved searches" });
    const saved = listDialog.getByTestId("saved-search");
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText(`Quantum seed ${tag}`);
    await page.keyboard.press("Escape");
    await gotoHydrated(page, "/profile");
    const profileList = page.getByRole("region", { name: "Saved searches" }).getByTestId("saved-search");
    await expect(profileList).toContainText(`Quantum seed ${tag}`);
    await expect(profileList.getByRole("combobox")).toHaveValue("daily");

    // 1b. A webhook on the saved search: its signing secret is shown once; the log is empty so far.
    const webhooks = page.getByRole("region", { name: "Webhooks and Slack" });
    await webhooks.getByLabel("Saved search").selectOption({ label: `Quantum seed ${tag}` });
    await webhooks.getByLabel("Endpoint URL").fill(receiver.url("/roundlist"));
    await webhooks.getByRole("button", { name: "Add endpoint" }).click();
    await expect(webhooks.getByRole("status")).toContainText("Copy its signing secret now");
    const secret = await webhooks.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expect(webhooks.getByRole("list", { name: "Your endpoints" })).toContainText(
      receiver.url("/roundlist"),
    );
    await expect(webhooks.getByText("No deliveries yet.")).toBeVisible();

    // 2. An admin imports a new Seed round in that industry through the console.
    const adminContext = await browser.newContext({ baseURL: server.url });
    const admin = await adminContext.newPage();
    await logIn(admin, { admin: true });
    const csv = toCrunchbaseCsv([
      crunchbaseRecord(1, {
        "Organization Name": `Furrowline ${tag}`,
        Industries: industry,
        "Last Funding Type": "Seed",
        Website: `https://furrowline-${tag}.example`,
        Email: `ceo@furrowline-${tag}.example`,
      }),
    ]);
    await gotoHydrated(admin, "/admin/imports");
    await admin
      .getByLabel("Crunchbase CSV export")
      .setInputFiles({ name: `round-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
    await admin.getByRole("button", { name: "Upload and check" }).click();
    const dryRun = admin.getByTestId("import-report");
    await expect(dryRun.getByRole("heading", { name: `Dry run of round-${tag}.csv` })).toBeVisible();
    await dryRun.getByRole("button", { name: "Import these rows" }).click();
    // The dry run's report shows the same count: wait for the import's own report, written once it is done.
    await expect(admin.getByRole("heading", { name: `Import of round-${tag}.csv` })).toBeVisible();
    await expect(admin.getByText("Imported. What each row did:")).toBeVisible();
    await expect(admin.getByTestId("import-count-inserted")).toHaveText("1");

    // 3. Tomorrow morning's run sends the digest (the test route moves only the clock that decides what is due).
    const run = await page.request.post("/__test/run-alerts", { data: { at: tomorrowMorning() } });
    expect(run.status(), await run.text()).toBe(200);
    const counts = (await run.json()) as {
      build: { built: number };
      delivery: { sent: number };
      webhooks: { delivered: number };
    };
    expect(counts.build.built).toBe(1);
    expect(counts.delivery.sent).toBe(1);
    expect(counts.webhooks.delivered).toBe(1);
    // The receiver got the new company, signed with the secret shown once.
    expect(receiver.received).toHaveLength(1);
    const [post] = receiver.received;
    expect(post?.body).toContain(`Furrowline ${tag}`);
    const signature = verifyWebhook(
      secret,
      post?.body ?? "",
      post?.headers["roundlist-signature"] as string,
      {
        nowUnix: Math.floor(Date.now() / 1000),
      },
    );
    expect(signature).toEqual({ ok: true });
    await gotoHydrated(page, "/profile");
    const delivery = webhooks.getByTestId("webhook-delivery");
    await expect(delivery).toHaveCount(1);
    await expect(delivery).toContainText("Delivered");
    await expect(delivery.getByTestId("webhook-delivery-code")).toHaveText("200");
    expect(await seriousFindings(page), "the profile with webhooks").toEqual([]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await webhooks.screenshot({ path: test.info().outputPath(`webhooks-${width}.png`) });
    }

    await page.goto("/dev/mailbox");
    await page.getByRole("row").filter({ hasText: email }).first().getByRole("link").click();
    const body = page.getByTestId("mail-text-body");
    await expect(body).toContainText(`Furrowline ${tag}`);
    await expect(body).toContainText(`1 new company in “Quantum seed ${tag}”`);

    // 4. The unsubscribe link works without a session: a fresh browser context follows it.
    const unsubscribeHref = await body
      .getByRole("link")
      .filter({ hasText: "/alerts/unsubscribe/" })
      .getAttribute("href");
    expect(unsubscribeHref).toBeTruthy();
    const strangerContext = await browser.newContext({ baseURL: server.url });
    const stranger = await strangerContext.newPage();
    await gotoHydrated(stranger, unsubscribeHref ?? "");
    await expect(stranger.getByRole("heading", { name: "Stop these emails?" })).toBeVisible();
    expect(await seriousFindings(stranger), "the unsubscribe page").toEqual([]);
    await stranger.getByRole("button", { name: "Stop emails for this search" }).click();
    await expect(stranger.getByRole("heading", { name: "Alerts stopped" })).toBeVisible();
    await gotoHydrated(page, "/profile");
    await expect(
      page.getByRole("region", { name: "Saved searches" }).getByTestId("saved-search").getByRole("combobox"),
    ).toHaveValue("off");
    // Honoured at once: the next day's run sends nothing more.
    const after = await page.request.post("/__test/run-alerts", {
      data: { at: new Date(Date.parse(tomorrowMorning()) + 24 * 3600_000).toISOString() },
    });
    expect(((await after.json()) as { delivery: { sent: number } }).delivery.sent).toBe(0);

    // 5. Export new leads only: the count first, the file, then nothing new left; the result is marked.
    await gotoHydrated(page, `/search?industry=${encodeURIComponent(industry)}&stage=Seed`);
    await page.getByRole("button", { name: "Export for a CRM or an outreach tool" }).click();
    await page.getByTestId("export-new-only").click();
    await expect(page.getByTestId("export-new-leads-count")).toHaveText("1 new of 1");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("export-new-only-note")).toContainText("1 new of 1");
    const downloading = page.waitForEvent("download");
    await page.getByTestId("export-csv").click();
    const file = readFileSync((await (await downloading).path()) ?? "", "utf8");
    const lines = file.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Furrowline ${tag}`);

    await gotoHydrated(page, `/search?industry=${encodeURIComponent(industry)}&stage=Seed`);
    await expect(page.getByTestId("exported-marker")).toHaveCount(1);
    await expect(page.getByTestId("exported-marker")).toContainText("Exported on");
    await page.getByRole("button", { name: "Export for a CRM or an outreach tool" }).click();
    await page.getByTestId("export-new-only").click();
    await expect(page.getByTestId("export-new-leads-count")).toContainText("No new leads");

    await gotoHydrated(page, "/profile");
    const exports = page.getByRole("region", { name: "Your exports" });
    await expect(exports).toContainText("New leads only");
    await expect(exports.getByRole("link", { name: /Repeat/ })).toHaveCount(1);

    await subscriberContext.close();
    await adminContext.close();
    await strangerContext.close();
  } finally {
    await receiver.close();
    await server.remove();
  }
});
