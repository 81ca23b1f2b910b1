import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-error";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** As Drizzle wraps a driver's error: the query's text, the driver's error as the cause. */
const failedQuery = (cause: Error) => Object.assign(new Error("Failed query: insert into x"), { query: "insert into x", cause });

describe("a database that cannot be reached", () => {
  it("is told apart from a query that was wrong, through Drizzle's wrapping too", () => {
    for (const error of [
      withCode("terminating connection due to administrator command", "57P01"),
      failedQuery(withCode('database "x" is not currently accepting connections', "55000")),
      failedQuery(new Error("Connection terminated unexpectedly")),
      withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      withCode("could not receive data", "08006"),
      withCode('database "x" does not exist', "3D000"),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
    for (const error of [
      withCode("duplicate key value", "23505"),
      failedQuery(withCode("syntax error", "42601")),
      new Error("a bug"),
      "text",
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});
