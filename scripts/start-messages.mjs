// What `npm start` prints while it builds (decision 024): short progress lines, the build's own output in a log
// file the lines name, and on a failed build the tail of that log with its path. Pure, so its shape is tested
// (scripts/start-messages.test.ts) without a build.

/** Where the build's output goes (relative to the project; `*.log` is git-ignored). */
export const BUILD_LOG = "logs/build.log";

/** Lines of the log shown when the build fails. */
export const FAILED_BUILD_TAIL_LINES = 30;

/**
 * @param {{ isFirstBuild: boolean, logPath: string }} build
 * @returns {string}
 */
export function buildStartLine({ isFirstBuild, logPath }) {
  const what = isFirstBuild
    ? "Building the app (first start, about 15 s)"
    : "Sources changed: rebuilding the app";
  return `${what}; its output goes to ${logPath}`;
}

/**
 * @param {number} ms
 * @returns {string}
 */
export function buildDoneLine(ms) {
  return `Built in ${(ms / 1000).toFixed(1)} s`;
}

/**
 * The last `count` lines of a text, without the trailing empty line.
 * @param {string} text
 * @param {number} count
 * @returns {string[]}
 */
export function lastLines(text, count) {
  const lines = text.replace(/\r\n/g, "\n").replace(/\n+$/, "").split("\n");
  return text.trim() === "" ? [] : lines.slice(-count);
}

/**
 * What a failed build prints (on stderr): the status, the log's last lines, where the whole log is.
 * @param {{ status: number | null, signal?: string | null, logPath: string, logText: string }} failure
 * @returns {string[]}
 */
export function buildFailedLines({ status, signal, logPath, logText }) {
  const how = signal ? `was stopped by ${signal}` : `failed (exit status ${status ?? "unknown"})`;
  const tail = lastLines(logText, FAILED_BUILD_TAIL_LINES);
  return [
    `The build ${how}. ${tail.length > 0 ? `The last ${tail.length} lines of ${logPath}:` : `${logPath} is empty.`}`,
    ...tail.map((line) => `  ${line}`),
    `The whole output is in ${logPath}; fix the error, then run npm start again.`,
  ];
}

/**
 * The exit status for a failed build: the build's own, never 0.
 * @param {number | null} status
 * @returns {number}
 */
export function failedBuildExitCode(status) {
  return status && status > 0 ? status : 1;
}
