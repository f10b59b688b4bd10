import { afterEach, beforeEach, vi } from "vitest";

// A console.error during a test is a failure: it is how React and libraries report real problems.
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]?.map(String).join(" ") ?? "";
    throw new Error(`console.error was called ${consoleErrors.length} time(s); first: ${first}`);
  }
});
