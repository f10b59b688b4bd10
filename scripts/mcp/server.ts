import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as z from "zod";
import { companiesPage, companyDetail, investorsPage } from "../../app/server/api/api-schemas.server";
import { type ApiClientOptions, getFromApi } from "./api-client";
import {
  companiesPath,
  companyPath,
  getCompanyInput,
  investorsPath,
  listInvestorsInput,
  type McpConfig,
  searchCompaniesInput,
  toolResultOf,
} from "./tools";

/**
 * The Roundlist MCP server (decision 033): three read-only tools, each one GET of the REST API with the
 * configured key. The answers' schemas are the API's own (api-schemas.server.ts), as top-level objects.
 */
export const TOOL_NAMES = ["search_companies", "get_company", "list_investors"] as const;

const companiesOutput = z.object(companiesPage.shape);
const companyOutput = z.object(companyDetail.shape);
const investorsOutput = z.object(investorsPage.shape);
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export function createRoundlistMcpServer(
  config: McpConfig,
  { version = "0.0.0", client = {} }: { version?: string; client?: Omit<ApiClientOptions, "signal"> } = {},
): McpServer {
  const server = new McpServer(
    { name: "roundlist", title: "Roundlist", version },
    {
      instructions:
        "Roundlist is a database of venture-funded startups: companies, their funding rounds, investors and " +
        "contacts. Search with search_companies (page with nextCursor), read one company with get_company, " +
        "find investors' slugs for the investor filter with list_investors. Email addresses are masked " +
        "unless the key's plan has export access (isEmailMasked says so).",
      // Arguments are a few filters: a call with thousands of values is refused before it is read.
      maxToolInputElements: 200,
    },
  );
  const call = (path: string, signal: AbortSignal) => getFromApi(config, path, { ...client, signal });

  server.registerTool(
    "search_companies",
    {
      title: "Search companies",
      description:
        "Search Roundlist's funded companies with the search page's filters (any of a filter's values, " +
        "every filter at once). Answers a page of companies (name, slug, funding, lead investors, the " +
        "primary contact), the total and `nextCursor` for the next page (null on the last).",
      inputSchema: searchCompaniesInput,
      outputSchema: companiesOutput,
      annotations: READ_ONLY,
    },
    async (args, extra) => toolResultOf(await call(companiesPath(args), extra.signal), companiesOutput),
  );

  server.registerTool(
    "get_company",
    {
      title: "Get a company",
      description:
        "One company by its slug: description, location, every funding round with its investors, the " +
        "investors who backed it and its people (founders and executives, with their emails).",
      inputSchema: getCompanyInput,
      outputSchema: companyOutput,
      annotations: READ_ONLY,
    },
    async (args, extra) => toolResultOf(await call(companyPath(args), extra.signal), companyOutput),
  );

  server.registerTool(
    "list_investors",
    {
      title: "List investors",
      description:
        "Investors (firms) by name, or those whose name holds `q`, a page at a time (`nextCursor` for the " +
        "next), with the companies and rounds they backed. Their slugs are what search_companies's " +
        "`investor` filter takes.",
      inputSchema: listInvestorsInput,
      outputSchema: investorsOutput,
      annotations: READ_ONLY,
    },
    async (args, extra) => toolResultOf(await call(investorsPath(args), extra.signal), investorsOutput),
  );

  return server;
}
