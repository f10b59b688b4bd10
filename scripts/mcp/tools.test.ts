import { describe, expect, it } from "vitest";
import * as z from "zod";
import { companiesQuery, investorsQuery } from "../../app/server/api/api-schemas.server";
import {
  companiesPath,
  companyPath,
  DEFAULT_API_URL,
  getCompanyInput,
  investorsPath,
  listInvestorsInput,
  readMcpConfig,
  searchCompaniesInput,
  toolResultOf,
} from "./tools";

/** A query string as the API's handler reads it (a repeated parameter as a list). */
function queryObject(path: string): Record<string, string | string[]> {
  const params = new URL(path, "http://x").searchParams;
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    object[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return object;
}

describe("the MCP server's configuration", () => {
  it("needs a key, and defaults the API to the local app", () => {
    expect(readMcpConfig({})).toEqual({ problem: expect.stringMatching(/^ROUNDLIST_API_KEY is not set/) });
    expect(readMcpConfig({ ROUNDLIST_API_KEY: "  " })).toEqual({ problem: expect.any(String) });
    expect(readMcpConfig({ ROUNDLIST_API_KEY: "rl_live_abc" })).toEqual({
      config: { apiKey: "rl_live_abc", apiOrigin: DEFAULT_API_URL },
    });
    expect(
      readMcpConfig({ ROUNDLIST_API_KEY: " rl_live_abc\n", ROUNDLIST_API_URL: "https://roundlist.test/" }),
    ).toEqual({ config: { apiKey: "rl_live_abc", apiOrigin: "https://roundlist.test" } });
  });

  it("refuses a key no header can carry and an address that is not an http(s) origin", () => {
    expect(readMcpConfig({ ROUNDLIST_API_KEY: "rl live" })).toHaveProperty("problem");
    for (const url of [
      "roundlist.test",
      "ftp://roundlist.test",
      "https://roundlist.test/api/v1",
      "https://user:pw@roundlist.test",
      // The key would cross the network in the clear.
      "http://roundlist.test",
    ]) {
      expect(readMcpConfig({ ROUNDLIST_API_KEY: "k", ROUNDLIST_API_URL: url }), url).toEqual({
        problem: expect.stringContaining("ROUNDLIST_API_URL"),
      });
    }
  });
});

it("takes plain http for this machine only", () => {
  for (const url of ["http://localhost:3000", "http://127.0.0.1:3105", "http://[::1]:3000"]) {
    expect(readMcpConfig({ ROUNDLIST_API_KEY: "rl_live_k", ROUNDLIST_API_URL: url }), url).toHaveProperty(
      "config",
    );
  }
});

describe("tool arguments as the API's query strings", () => {
  it("takes exactly the parameters GET /api/v1/companies takes", () => {
    expect(Object.keys(searchCompaniesInput.shape).sort()).toEqual(Object.keys(companiesQuery.shape).sort());
  });

  it("takes exactly the parameters GET /api/v1/investors takes, q as long as it allows", () => {
    expect(Object.keys(listInvestorsInput.shape).sort()).toEqual(Object.keys(investorsQuery.shape).sort());
    for (const length of [100, 101]) {
      const q = "x".repeat(length);
      expect(listInvestorsInput.safeParse({ q }).success, String(length)).toBe(
        investorsQuery.safeParse({ q }).success,
      );
    }
  });

  it("sends lists as repeated parameters and led as 1, and the API's schema reads them back", () => {
    const args = searchCompaniesInput.parse({
      q: "robots & co",
      industry: ["Artificial Intelligence", "Robotics"],
      stage: ["Seed"],
      location: ["country:Germany"],
      investor: ["acme-ventures"],
      led: true,
      amount: "1m-5m",
      date: "90d",
      rounds: "2",
      email: "valid",
      sort: "name-asc",
      limit: 10,
      cursor: "abc",
    });
    const path = companiesPath(args);
    expect(path).toBe(
      "/api/v1/companies?q=robots+%26+co&industry=Artificial+Intelligence&industry=Robotics&stage=Seed" +
        "&location=country%3AGermany&investor=acme-ventures&led=1&amount=1m-5m&date=90d&rounds=2&email=valid" +
        "&sort=name-asc&limit=10&cursor=abc",
    );
    const read = companiesQuery.safeParse(queryObject(path));
    expect(read.success).toBe(true);
    expect(read.data).toMatchObject({
      industry: ["Artificial Intelligence", "Robotics"],
      led: "1",
      limit: 10,
    });
  });

  it("leaves out what is not given, and led: false", () => {
    expect(companiesPath(searchCompaniesInput.parse({}))).toBe("/api/v1/companies");
    expect(companiesPath(searchCompaniesInput.parse({ led: false, stage: [] }))).toBe("/api/v1/companies");
    expect(investorsPath({ q: "acme", limit: 5 })).toBe("/api/v1/investors?q=acme&limit=5");
    expect(investorsPath({})).toBe("/api/v1/investors");
  });

  it("refuses arguments the API would refuse, before any call", () => {
    for (const bad of [
      { limit: 500 },
      { limit: 1.5 },
      { sort: "sideways" },
      { colour: "blue" },
      { amount: "1" },
    ]) {
      expect(searchCompaniesInput.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("puts a slug in the path as one segment", () => {
    expect(companyPath({ slug: "alpha-robotics" })).toBe("/api/v1/companies/alpha-robotics");
    expect(companyPath({ slug: "../me?x=1" })).toBe("/api/v1/companies/..%2Fme%3Fx%3D1");
    expect(getCompanyInput.safeParse({ slug: ".." }).success).toBe(false);
    expect(getCompanyInput.safeParse({ slug: "" }).success).toBe(false);
  });
});

describe("the API's answers as tool results", () => {
  const answer = (status: number, body: unknown, retryAfter: string | null = null) => ({
    kind: "answer" as const,
    status,
    retryAfter,
    text: JSON.stringify(body),
  });

  it("gives a 200's JSON as text, as sent, and as structured content", () => {
    const body = { data: [{ name: "Alpha" }], total: 1, nextCursor: null };
    expect(toolResultOf(answer(200, body))).toEqual({
      content: [{ type: "text", text: JSON.stringify(body) }],
      structuredContent: body,
    });
  });

  it("makes a refusal an error result with the API's message, and Retry-After on a 429", () => {
    expect(toolResultOf(answer(401, { error: "This API key is not valid." }))).toEqual({
      content: [{ type: "text", text: "This API key is not valid. (HTTP 401)" }],
      isError: true,
    });
    expect(toolResultOf(answer(429, { error: "Too many requests." }, "42")).content[0]?.text).toBe(
      "Too many requests. (HTTP 429) Retry after 42 s.",
    );
    for (const status of [400, 403, 404, 500]) {
      const result = toolResultOf(answer(status, { error: "No." }));
      expect(result.isError).toBe(true);
      expect(result.content[0]?.text).toBe(`No. (HTTP ${status})`);
    }
  });

  it("makes a non-JSON answer, a failed call and an answer of another shape error results", () => {
    expect(toolResultOf({ kind: "answer", status: 502, retryAfter: null, text: "<html>" })).toMatchObject({
      isError: true,
      content: [{ text: expect.stringContaining("not JSON") }],
    });
    expect(toolResultOf({ kind: "failure", message: "Could not reach it." })).toEqual({
      content: [{ type: "text", text: "Could not reach it." }],
      isError: true,
    });
    const shaped = toolResultOf(answer(200, { data: "nope" }), z.object({ data: z.array(z.string()) }));
    expect(shaped.isError).toBe(true);
    expect(shaped.content[0]?.text).toMatch(/does not have the shape/);
  });
});
