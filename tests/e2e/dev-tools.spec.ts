import { spawn } from "node:child_process";
import { serverEnv, serverNodeArgs } from "../../server/node-args.mjs";
import { E2E_PORT } from "./e2e-config";
import { expect, test } from "./fixtures";
import { startPrivateServer } from "./private-server";

/**
 * Decision 019: the development tools (/dev/mailbox with its reset links, the public development secret)
 * never serve a server other machines can reach by mistake. Started as a deploy that forgot APP_ENV would
 * start it: listening on every interface (only ever asked for over 127.0.0.1 here).
 */

test("a server reachable from other machines refuses to start on the development secret or without SMTP", async () => {
  const child = spawn("node", [...serverNodeArgs(), "server.mjs"], {
    env: serverEnv({
      PATH: process.env.PATH,
      HOST: "0.0.0.0",
      PORT: String(E2E_PORT + 8),
      DATA_DIR: "memory://",
      LOG_LEVEL: "warn",
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code).toBe(1);
  expect(output).toContain("AUTH_SECRET: is required when the server can be reached from other machines");
  expect(output).toContain("SMTP_URL: is required when the server can be reached from other machines");
  expect(output).not.toContain("is listening");
});

test("with a secret and SMTP it starts, and serves no mailbox; EXPOSE_DEV_TOOLS serves it on purpose", async () => {
  // Two servers start one after the other, each seeding its database.
  test.setTimeout(120_000);
  // APP_ENV as a deploy that forgot it has it: the default. (An undefined variable is not passed on.)
  const common = { HOST: "0.0.0.0", APP_ENV: "development", LP_SEED_COUNT: "0", ENABLE_TEST_ROUTES: "" };
  const closed = await startPrivateServer({
    port: E2E_PORT + 8,
    seedCount: 20,
    name: "dev-tools-closed",
    // Nothing is mailed in this test: the SMTP server is never contacted.
    env: { ...common, SMTP_URL: "smtp://127.0.0.1:9" },
  });
  try {
    expect((await fetch(`${closed.url}/dev/mailbox`)).status).toBe(404);
    expect((await fetch(`${closed.url}/dev/mailbox/1`)).status).toBe(404);
    expect((await fetch(`${closed.url}/`)).status).toBe(200);
  } finally {
    await closed.remove();
  }
  const open = await startPrivateServer({
    port: E2E_PORT + 8,
    seedCount: 20,
    name: "dev-tools-open",
    env: { ...common, SMTP_URL: "", AUTH_SECRET: undefined, EXPOSE_DEV_TOOLS: "true" },
  });
  try {
    expect((await fetch(`${open.url}/dev/mailbox`)).status).toBe(200);
  } finally {
    await open.remove();
  }
});
