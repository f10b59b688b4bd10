// `npm run mcp` end to end: the MCP server runs as a child process (the package script's own command), spoken
// to over stdio by the SDK's client, and calls a real HTTP server on loopback that answers /api/v1/* with the
// API's real handlers on a test database.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_MESSAGES } from "~/core/api-keys";
import { createApiKey } from "~/server/api/api-keys.server";
import { API_ROUTES } from "~/server/api/api-routes.server";
import { companiesQuery } from "~/server/api/api-schemas.server";
import { type ApiRoute, handleApiCall } from "~/server/api/api-v1.server";
import { companies, fundingRounds, investors, people, roundInvestors, users } from "~/server/db/schema";
import { insertSubscription } from "~tests/fixtures/accounts";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import { TOOL_NAMES } from "./server";

const ROOT = path.resolve(import.meta.dirname, "../..");
const database = setUpTestDatabase({ reset: "file" });

/** The app's /api/v1 routes the tools call (app/routes/api/v1), by path, as the route modules serve them. */
function routeOf(pathname: string): ApiRoute | null {
  if (pathname === "/api/v1/companies") return API_ROUTES.companies;
  if (pathname === "/api/v1/investors") return API_ROUTES.investors;
  const slug = /^\/api\/v1\/companies\/([^/]+)$/.exec(pathname)?.[1];
  return slug === undefined ? null : API_ROUTES.company(decodeURIComponent(slug));
}

/** node:http to the handlers' Fetch Request and back; any other /api/v1 address is the API's JSON 404. */
async function startApiServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((incoming: IncomingMessage, outgoing) => {
    void (async () => {
      const url = new URL(incoming.url ?? "/", `http://${incoming.headers.host}`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const route = routeOf(url.pathname);
      const response = route
        ? await handleApiCall(database.db, new Request(url, { method: incoming.method, headers }), route)
        : Response.json({ error: API_MESSAGES.notFound }, { status: 404 });
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => {
      outgoing.writeHead(500, { "Content-Type": "text/plain" });
      outgoing.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** `npm run mcp`'s command, as package.json names it. */
const MCP_SCRIPT: string = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.mcp;
const [MCP_BIN = "", ...MCP_ARGS] = MCP_SCRIPT.split(" ");
const MCP_COMMAND = path.join(ROOT, "node_modules/.bin", MCP_BIN);

async function connect(env: Record<string, string>): Promise<Client> {
  const transport = new StdioClientTransport({
    command: MCP_COMMAND,
    args: MCP_ARGS,
    cwd: ROOT,
    env: { ...getDefaultEnvironment(), ...env },
    stderr: "ignore",
  });
  const client = new Client({ name: "roundlist-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

interface TextResult {
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const textOf = (result: unknown) => (result as TextResult).content.map((part) => part.text ?? "").join("\n");

let api: { url: string; server: Server };
let client: Client;
let badKeyClient: Client;
let alphaSlug = "";

beforeAll(async () => {
  await database.db
    .insert(users)
    .values({ id: "mcp-active", name: "Active", email: "active@example.com", emailVerified: true });
  await insertSubscription(database.db, "mcp-active", "active");
  const { key } = await createApiKey(database.db, "mcp-active", "mcp");

  const [atlas] = await database.db
    .insert(investors)
    .values({ slug: "atlas-ventures", name: "Atlas Ventures", nameKey: "atlas ventures" })
    .returning({ id: investors.id });
  if (!atlas) throw new Error("no investor");
  const [alpha, , gamma] = await database.db
    .insert(companies)
    .values([
      company("Alpha Robotics", {
        lastFundingType: "Seed",
        email: "ada@alpha.test",
        firstName: "Ada",
        // The investor filter's column, as the rounds' writer fills it: the id, negated for a lead.
        investorKeys: [atlas.id, -atlas.id],
      }),
      company("Beta Labs", { lastFundingType: "Series A" }),
      company("Gamma Grid", { lastFundingType: "Seed" }),
    ])
    .returning({ id: companies.id, slug: companies.slug });
  if (!alpha || !gamma) throw new Error("no companies");
  alphaSlug = alpha.slug;
  const [round] = await database.db
    .insert(fundingRounds)
    .values({
      companyId: alpha.id,
      announcedOn: "2026-01-01",
      fundingType: "Seed",
      amountUsd: 1_000_000,
      source: "demo",
    })
    .returning({ id: fundingRounds.id });
  if (!round) throw new Error("no round");
  await database.db.insert(roundInvestors).values({
    roundId: round.id,
    investorId: atlas.id,
    companyId: alpha.id,
    announcedOn: "2026-01-01",
    isLead: true,
  });
  await database.db.insert(people).values([
    {
      companyId: alpha.id,
      firstName: "Ada",
      lastName: "Byron",
      title: "CEO",
      roleKind: "founder",
      email: "ada@alpha.test",
      source: "demo",
    },
    { companyId: alpha.id, firstName: "Gus", roleKind: "executive", email: "gus@alpha.test", source: "demo" },
  ]);

  api = await startApiServer();
  [client, badKeyClient] = await Promise.all([
    connect({ ROUNDLIST_API_URL: api.url, ROUNDLIST_API_KEY: key }),
    connect({ ROUNDLIST_API_URL: api.url, ROUNDLIST_API_KEY: `rl_live_${"x".repeat(43)}` }),
  ]);
});

afterAll(async () => {
  await Promise.all([client?.close(), badKeyClient?.close()]);
  await new Promise<void>((resolve) => (api ? api.server.close(() => resolve()) : resolve()));
});

describe("npm run mcp over stdio", () => {
  it("is the package script tsx scripts/mcp.ts", () => {
    expect(MCP_SCRIPT).toBe("tsx scripts/mcp.ts");
  });

  it("lists the three tools with their input schemas", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([...TOOL_NAMES]);
    const search = tools.find((tool) => tool.name === "search_companies");
    expect(Object.keys(search?.inputSchema.properties ?? {}).sort()).toEqual(
      Object.keys(companiesQuery.shape).sort(),
    );
    expect(search?.outputSchema?.type).toBe("object");
    expect(search?.annotations?.readOnlyHint).toBe(true);
    const get = tools.find((tool) => tool.name === "get_company");
    expect(get?.inputSchema.required).toEqual(["slug"]);
    const list = tools.find((tool) => tool.name === "list_investors");
    expect(Object.keys(list?.inputSchema.properties ?? {}).sort()).toEqual(["cursor", "limit", "q"]);
  });

  it("search_companies answers exactly the companies the filter matches, a page at a time", async () => {
    const result = (await client.callTool({
      name: "search_companies",
      arguments: { stage: ["Seed"], sort: "name-asc" },
    })) as TextResult;
    expect(result.isError).toBeFalsy();
    const body = JSON.parse(textOf(result));
    expect(body.data.map((row: { name: string }) => row.name)).toEqual(["Alpha Robotics", "Gamma Grid"]);
    expect(body.total).toBe(2);
    expect(result.structuredContent).toEqual(body);

    const first = (await client.callTool({
      name: "search_companies",
      arguments: { stage: ["Seed"], sort: "name-asc", limit: 1 },
    })) as TextResult;
    const firstPage = first.structuredContent as { data: Array<{ name: string }>; nextCursor: string };
    expect(firstPage.data.map((row) => row.name)).toEqual(["Alpha Robotics"]);
    const second = (await client.callTool({
      name: "search_companies",
      arguments: { stage: ["Seed"], sort: "name-asc", limit: 1, cursor: firstPage.nextCursor },
    })) as TextResult;
    expect(
      (second.structuredContent as { data: Array<{ name: string }> }).data.map((row) => row.name),
    ).toEqual(["Gamma Grid"]);
  });

  it("get_company answers the company's rounds, investors and people", async () => {
    const result = (await client.callTool({
      name: "get_company",
      arguments: { slug: alphaSlug },
    })) as TextResult;
    expect(result.isError).toBeFalsy();
    const body = JSON.parse(textOf(result));
    expect(body).toMatchObject({ slug: alphaSlug, name: "Alpha Robotics" });
    expect(body.rounds).toEqual([
      expect.objectContaining({
        announcedOn: "2026-01-01",
        fundingType: "Seed",
        amountUsd: 1_000_000,
        investors: [{ name: "Atlas Ventures", slug: "atlas-ventures", isLead: true }],
      }),
    ]);
    expect(body.people.map((person: { name: string; email: string }) => [person.name, person.email])).toEqual(
      [
        ["Ada Byron", "ada@alpha.test"],
        ["Gus", "gus@alpha.test"],
      ],
    );
    expect(result.structuredContent).toMatchObject({ slug: alphaSlug, people: body.people });
  });

  it("makes the API's refusals error results with its message: 404, 400, and 401 for a bad key", async () => {
    const missing = await client.callTool({ name: "get_company", arguments: { slug: "no-such-company" } });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe(`${API_MESSAGES.notFound} (HTTP 404)`);

    const badCursor = await client.callTool({
      name: "search_companies",
      arguments: { stage: ["Seed"], cursor: "not-a-cursor" },
    });
    expect(badCursor.isError).toBe(true);
    expect(textOf(badCursor)).toMatch(/^cursor: .* \(HTTP 400\)$/);

    const refused = await badKeyClient.callTool({ name: "search_companies", arguments: {} });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(`${API_MESSAGES.badKey} (HTTP 401)`);
    // The server goes on after a refusal.
    expect((await badKeyClient.listTools()).tools).toHaveLength(TOOL_NAMES.length);
  });

  it("refuses arguments outside the schema as an error result, without calling the API", async () => {
    const result = await client.callTool({ name: "search_companies", arguments: { limit: 500 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Input validation error/);
  });

  it("list_investors answers the investors by name, their slugs the companies' investor filter", async () => {
    const result = (await client.callTool({
      name: "list_investors",
      arguments: { q: "atlas" },
    })) as TextResult;
    expect(result.isError).toBeFalsy();
    const body = JSON.parse(textOf(result));
    expect(body.data.map((row: { name: string; slug: string }) => [row.name, row.slug])).toEqual([
      ["Atlas Ventures", "atlas-ventures"],
    ]);
    expect(body).toMatchObject({ total: 1, nextCursor: null });
    expect(result.structuredContent).toEqual(body);
    const backed = (await client.callTool({
      name: "search_companies",
      arguments: { investor: [body.data[0].slug] },
    })) as TextResult;
    expect(
      (backed.structuredContent as { data: Array<{ name: string }> }).data.map((row) => row.name),
    ).toEqual(["Alpha Robotics"]);
    const none = (await client.callTool({ name: "list_investors", arguments: { q: "zzz" } })) as TextResult;
    expect(none.structuredContent).toMatchObject({ data: [], total: 0 });
  });

  it("stops with a clear message and exit code 1 without ROUNDLIST_API_KEY", async () => {
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(
        MCP_COMMAND,
        MCP_ARGS,
        { cwd: ROOT, env: getDefaultEnvironment(), timeout: 30_000 },
        (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }),
      );
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/ROUNDLIST_API_KEY is not set/);
  });
});
