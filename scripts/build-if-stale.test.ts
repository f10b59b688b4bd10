import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const MODULE = path.resolve(__dirname, "build-if-stale.mjs");

let folder = "";
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Runs buildIfStale({ logPath }) in a project without a build, where `npx` is a stand-in build. */
function runWithBuild(build: { lines: number; status: number }) {
  folder = mkdtempSync(path.join(tmpdir(), "build-if-stale-"));
  writeFileSync(path.join(folder, "package.json"), "{}");
  const npx = path.join(folder, "bin", "npx");
  spawnSync("mkdir", ["-p", path.dirname(npx)]);
  writeFileSync(
    npx,
    `#!/bin/sh\ni=1\nwhile [ $i -le ${build.lines} ]; do echo "vite output line $i"; i=$((i+1)); done\nexit ${build.status}\n`,
  );
  chmodSync(npx, 0o755);
  const result = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `(await import(${JSON.stringify(MODULE)})).buildIfStale({ logPath: "logs/build.log" });`,
    ],
    {
      cwd: folder,
      encoding: "utf8",
      env: { ...process.env, PATH: `${path.dirname(npx)}:${process.env.PATH}` },
    },
  );
  return { ...result, log: () => readFileSync(path.join(folder, "logs/build.log"), "utf8") };
}

/** decision 024: npm start's build writes its output to logs/build.log and prints short lines instead. */
describe("buildIfStale with a log file (npm start)", () => {
  it("keeps the build's output off the terminal and in the log, with a line before and after", () => {
    const result = runWithBuild({ lines: 150, status: 0 });
    expect(result.status).toBe(0);
    const printed = result.stdout.trim().split("\n");
    expect(printed).toHaveLength(2);
    expect(printed[0]).toBe("Building the app (first start, about 15 s); its output goes to logs/build.log");
    expect(printed[1]).toMatch(/^Built in \d+\.\d s$/);
    expect(result.stderr).toBe("");
    expect(result.log().trim().split("\n")).toHaveLength(150);
  });

  it("on a failure, prints the log's tail with its path and exits with the build's status", () => {
    const result = runWithBuild({ lines: 80, status: 3 });
    expect(result.status).toBe(3);
    const printed = result.stderr.trim().split("\n");
    expect(printed[0]).toBe("The build failed (exit status 3). The last 30 lines of logs/build.log:");
    expect(printed[1]).toBe("  vite output line 51");
    expect(printed.at(-2)).toBe("  vite output line 80");
    expect(printed.at(-1)).toContain("logs/build.log");
  });
});
