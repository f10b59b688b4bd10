import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { refusalOf } from "./request-refused-page";

describe("refusalOf (the root error boundary's 4xx with a reason)", () => {
  it("is the status and message of a 4xx answered with { error } or { message }", () => {
    expect(refusalOf(new ErrorResponse(415, "", { error: "Send a form." }))).toEqual({
      status: 415,
      message: "Send a form.",
    });
    expect(refusalOf(new ErrorResponse(413, "", { message: "Too large." }))).toEqual({
      status: 413,
      message: "Too large.",
    });
  });

  it("is null for a 5xx, a 4xx without a message, and anything thrown that is not a response", () => {
    expect(refusalOf(new ErrorResponse(500, "", { error: "boom" }))).toBeNull();
    expect(refusalOf(new ErrorResponse(400, "", null))).toBeNull();
    expect(refusalOf(new ErrorResponse(400, "", "text"))).toBeNull();
    expect(refusalOf(new ErrorResponse(400, "", { error: 42 }))).toBeNull();
    expect(refusalOf(new Error("crash"))).toBeNull();
  });
});
