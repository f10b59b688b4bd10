import { DrizzleQueryError } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isUniqueViolation } from "./database-errors";

/** A PostgreSQL error as node-postgres reports it (an ErrorResponse from the server). */
function postgresError(code: string, message = "error from the server") {
  const error = new pg.DatabaseError(message, message.length, "error");
  error.code = code;
  return error;
}

function socketError(code: string) {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -1, syscall: "read" });
}

describe("isDatabaseUnavailable", () => {
  it.each([
    ["57P01", "terminating connection due to administrator command"],
    ["57P02", "terminating connection due to crash of another server process"],
    ["57P03", "the database system is starting up"],
    ["53300", "sorry, too many clients already"],
    ["08006", "connection failure"],
    ["08003", "connection does not exist"],
    ["08P01", "protocol violation"],
  ])("PostgreSQL %s (%s)", (code, message) => {
    expect(isDatabaseUnavailable(postgresError(code, message))).toBe(true);
  });

  it.each(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT"])("a socket's %s", (code) => {
    expect(isDatabaseUnavailable(socketError(code))).toBe(true);
  });

  it.each([
    "Connection terminated unexpectedly",
    "Connection terminated due to connection timeout",
    "Connection terminated",
    "Client has encountered a connection error and is not queryable",
    "timeout exceeded when trying to connect",
  ])("node-postgres's %j", (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });

  it("looks through Drizzle's query error, causes and AggregateErrors", () => {
    const killed = postgresError("57P01", "terminating connection due to administrator command");
    expect(isDatabaseUnavailable(new DrizzleQueryError("select 1", [], killed))).toBe(true);
    expect(isDatabaseUnavailable(new Error("outer", { cause: new Error("middle", { cause: killed }) }))).toBe(
      true,
    );
    // What net.connect reports when every address of a host refuses.
    const refused = new AggregateError([socketError("ECONNREFUSED"), socketError("ECONNREFUSED")], "");
    expect(isDatabaseUnavailable(refused)).toBe(true);
  });

  it.each([
    ["a syntax error", postgresError("42601", 'syntax error at or near "selec"')],
    ["a unique violation", postgresError("23505", "duplicate key value violates unique constraint")],
    [
      "a query cancelled by statement_timeout",
      postgresError("57014", "canceling statement due to statement timeout"),
    ],
    ["a plain bug", new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["a closed PGlite", new Error("database is closed")],
    ["a Drizzle error around a bug", new DrizzleQueryError("select 1", [], new RangeError("bad"))],
    ["a message that only mentions a connection", new Error("the Connection terminated text is elsewhere")],
  ])("not %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it.each([null, undefined, "Connection terminated", 57, {}])("not the non-error %j", (value) => {
    expect(isDatabaseUnavailable(value)).toBe(false);
  });

  it("ends on a cycle of causes", () => {
    const first = new Error("first");
    const second = new Error("second", { cause: first });
    first.cause = second;
    expect(isDatabaseUnavailable(first)).toBe(false);
  });
});

describe("isUniqueViolation", () => {
  const unique = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
    code: "23505",
  });

  it("finds 23505 on the error or wrapped by Drizzle", () => {
    expect(isUniqueViolation(unique)).toBe(true);
    expect(isUniqueViolation(new DrizzleQueryError("insert", [], unique))).toBe(true);
  });

  it("is false for other codes, plain errors, non-errors and a cycle of causes", () => {
    expect(isUniqueViolation(Object.assign(new Error("fk"), { code: "23503" }))).toBe(false);
    expect(isUniqueViolation(new Error("23505"))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation("23505")).toBe(false);
    const first = new Error("first");
    first.cause = new Error("second", { cause: first });
    expect(isUniqueViolation(first)).toBe(false);
  });
});
