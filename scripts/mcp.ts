// `npm run mcp`: Roundlist's tools for AI agents, a Model Context Protocol server on stdio (decision 033).
// A client of the REST API: ROUNDLIST_API_KEY (required) and ROUNDLIST_API_URL (the app's origin, default
// http://localhost:3000). Standard output carries the protocol only; messages go to standard error.
import { readFileSync } from "node:fs";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createRoundlistMcpServer } from "./mcp/server";
import { readMcpConfig } from "./mcp/tools";

const read = readMcpConfig(process.env);
if ("problem" in read) {
  console.error(`roundlist mcp: ${read.problem}`);
  process.exit(1);
}

const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
};
const server = createRoundlistMcpServer(read.config, { version });
await server.connect(new StdioServerTransport());
console.error(`roundlist mcp: serving on stdio, API at ${read.config.apiOrigin}`);

// The client closed its end: nothing more will come.
process.stdin.on("end", () => {
  void server.close().finally(() => process.exit(0));
});
