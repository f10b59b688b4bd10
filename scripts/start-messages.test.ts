import { describe, expect, it } from "vitest";
import {
  BUILD_LOG,
  buildDoneLine,
  buildFailedLines,
  buildStartLine,
  FAILED_BUILD_TAIL_LINES,
  failedBuildExitCode,
  lastLines,
} from "./start-messages.mjs";

/** decision 024: what `npm start` prints while it builds, without running a build. */
describe("npm start's build lines", () => {
  it("names the log file the build's output goes to, first start or rebuild", () => {
    expect(BUILD_LOG).toBe("logs/build.log");
    expect(buildStartLine({ isFirstBuild: true, logPath: BUILD_LOG })).toBe(
      "Building the app (first start, about 15 s); its output goes to logs/build.log",
    );
    expect(buildStartLine({ isFirstBuild: false, logPath: BUILD_LOG })).toBe(
      "Sources changed: rebuilding the app; its output goes to logs/build.log",
    );
    expect(buildDoneLine(14_249)).toBe("Built in 14.2 s");
  });

  it("on a failed build, prints the status, the log's last lines (indented) and its path", () => {
    const logText = `${Array.from({ length: 100 }, (_, index) => `line ${index + 1}`).join("\n")}\n`;
    const lines = buildFailedLines({ status: 2, logPath: BUILD_LOG, logText });
    expect(lines[0]).toBe(`The build failed (exit status 2). The last 30 lines of ${BUILD_LOG}:`);
    expect(lines.slice(1, -1)).toEqual(
      Array.from({ length: FAILED_BUILD_TAIL_LINES }, (_, index) => `  line ${71 + index}`),
    );
    expect(lines.at(-1)).toBe(
      `The whole output is in ${BUILD_LOG}; fix the error, then run npm start again.`,
    );
  });

  it("says so when the build was killed or wrote nothing, and never exits 0 after a failure", () => {
    expect(buildFailedLines({ status: null, signal: "SIGKILL", logPath: BUILD_LOG, logText: "" })).toEqual([
      `The build was stopped by SIGKILL. ${BUILD_LOG} is empty.`,
      `The whole output is in ${BUILD_LOG}; fix the error, then run npm start again.`,
    ]);
    expect(failedBuildExitCode(2)).toBe(2);
    expect(failedBuildExitCode(null)).toBe(1);
    expect(failedBuildExitCode(0)).toBe(1);
  });

  it("keeps short logs whole and ignores the trailing newline", () => {
    expect(lastLines("a\r\nb\n\n", 30)).toEqual(["a", "b"]);
    expect(lastLines("", 30)).toEqual([]);
  });
});
