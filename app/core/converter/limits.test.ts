import { describe, expect, it } from "vitest";
import { CONVERTER_LIMIT_ERRORS } from "../messages";
import {
  conversionLimitProblem,
  MAX_HELD_FILES_PER_USER,
  MAX_RUNNING_PER_USER,
  uploadLimitProblem,
} from "./limits";

describe("a person's share of the converter (docs/decisions/018)", () => {
  it("lets an upload start below both caps, and says which cap refused it", () => {
    expect(uploadLimitProblem(MAX_HELD_FILES_PER_USER - 1, MAX_RUNNING_PER_USER - 1)).toBeNull();
    expect(uploadLimitProblem(MAX_HELD_FILES_PER_USER, 0)).toBe(
      CONVERTER_LIMIT_ERRORS.tooManyHeld(MAX_HELD_FILES_PER_USER),
    );
    expect(uploadLimitProblem(0, MAX_RUNNING_PER_USER)).toBe(
      CONVERTER_LIMIT_ERRORS.tooManyRunning(MAX_RUNNING_PER_USER),
    );
  });

  it("lets a conversion start below the running cap only (its upload is held already)", () => {
    expect(conversionLimitProblem(MAX_RUNNING_PER_USER - 1)).toBeNull();
    expect(conversionLimitProblem(MAX_RUNNING_PER_USER)).toBe(
      CONVERTER_LIMIT_ERRORS.tooManyRunning(MAX_RUNNING_PER_USER),
    );
  });
});
