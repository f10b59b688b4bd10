import path from "node:path";
import { describe, expect, it } from "vitest";
import { importSpecifiers, readSource, sourceFiles, violationsOf } from "./import-rules";

const ROOT = path.resolve(import.meta.dirname, "../..");
const APP_FILES = sourceFiles(ROOT, "app");

describe("the layers of docs/architecture.md#layers hold (imports point downwards only)", () => {
  it("finds the app's source files", () => {
    expect(APP_FILES).toContain("app/core/access.ts");
    expect(APP_FILES).toContain("app/routes/search/search.tsx");
    expect(APP_FILES.length).toBeGreaterThan(100);
  });

  it("no file imports across a layer the wrong way", () => {
    const violations = APP_FILES.flatMap((file) => violationsOf(file, readSource(ROOT, file)));
    expect(violations).toEqual([]);
  });

  it("takes every advisory lock by an id of the one registry (db/advisory-locks.server.ts)", () => {
    const lockers = APP_FILES.filter((file) => /pg_advisory/.test(readSource(ROOT, file)));
    expect(lockers.length).toBeGreaterThan(0);
    const unregistered = lockers.filter(
      (file) =>
        file !== "app/server/db/advisory-locks.server.ts" &&
        !/ADVISORY_LOCK|takeTransactionLock/.test(readSource(ROOT, file)),
    );
    expect(unregistered).toEqual([]);
    const literalIds = APP_FILES.filter(
      (file) =>
        file !== "app/server/db/advisory-locks.server.ts" &&
        /\b72_?420_?1\d\d\b/.test(readSource(ROOT, file)),
    );
    expect(literalIds).toEqual([]);
  });

  it("no code reads process.env except the env module", () => {
    const readers = APP_FILES.filter(
      (file) => file !== "app/server/env.server.ts" && /process\.env\b/.test(readSource(ROOT, file)),
    );
    expect(readers).toEqual([]);
  });
});

describe("the import checker itself", () => {
  it("reads static, type-only, re-exported and dynamic imports", () => {
    const source = [
      'import { a } from "./a";',
      'import type { B } from "~/server/b.server";',
      'export { c } from "../c";',
      'import "./side-effect";',
      'const d = await import("./d");',
      "import {\n  e,\n  type F,\n} from './e';",
      'import React from "react";',
    ].join("\n");
    expect(importSpecifiers(source)).toEqual([
      "./a",
      "~/server/b.server",
      "../c",
      "./side-effect",
      "./d",
      "./e",
      "react",
    ]);
  });

  it("flags a component that imports a server type, and core importing a component", () => {
    expect(
      violationsOf("app/components/x.tsx", 'import type { Row } from "~/server/companies/search.server";'),
    ).toHaveLength(1);
    expect(violationsOf("app/core/x.ts", 'import { Button } from "../components/ui/button";')).toHaveLength(
      1,
    );
    expect(
      violationsOf("app/server/db/x.server.ts", 'import { seed } from "../demo-data/seed.server";'),
    ).toHaveLength(1);
    expect(
      violationsOf("app/server/companies/x.server.ts", 'import { a } from "../auth/session.server";'),
    ).toHaveLength(1);
  });

  it("flags a feature reaching into another feature's internals, and lets its public module through", () => {
    const planted = 'import { writeBatch } from "../companies/import/write-batch.server";';
    expect(violationsOf("app/server/lps/x.server.ts", planted)).toEqual([
      {
        file: "app/server/lps/x.server.ts",
        specifier: "../companies/import/write-batch.server",
        why: "companies/ is used through its top-level modules: its subfolders are its internals",
      },
    ]);
    expect(
      violationsOf("app/routes/admin/x.ts", 'import { FileLps } from "~/server/lps/import/file-lps";'),
    ).toHaveLength(1);
    expect(
      violationsOf(
        "app/server/lps/x.server.ts",
        'import { importCompanies } from "../companies/import-companies.server";',
      ),
    ).toEqual([]);
    // A feature's own files use its internals.
    expect(
      violationsOf(
        "app/server/companies/x.server.ts",
        'import { writeBatch } from "./import/write-batch.server";',
      ),
    ).toEqual([]);
    expect(
      violationsOf(
        "app/server/companies/import/x.server.ts",
        'import { a } from "../../imports/import-kit.server";',
      ),
    ).toEqual([]);
  });

  it("flags the import kit naming a kind, and suppression importing what it hides", () => {
    expect(
      violationsOf(
        "app/server/imports/x.server.ts",
        'import { LPS_IMPORT } from "../lps/import-lps.server";',
      ),
    ).toHaveLength(1);
    expect(
      violationsOf(
        "app/server/imports/x.server.ts",
        'import { IMPORT_KINDS } from "../import-console.server";',
      ),
    ).toHaveLength(1);
    expect(
      violationsOf(
        "app/server/suppression/x.server.ts",
        'import { invalidateCatalog } from "../companies/catalog.server";',
      ),
    ).toHaveLength(1);
  });

  it("the planted violations fail the whole-app check as a real one would", () => {
    const planted = {
      file: "app/server/lps/planted.server.ts",
      source: 'import { FileCompanies } from "../companies/import/file-companies";',
    };
    const violations = [
      ...APP_FILES.map((file) => ({ file, source: readSource(ROOT, file) })),
      planted,
    ].flatMap(({ file, source }) => violationsOf(file, source));
    expect(violations.map(({ file }) => file)).toEqual(["app/server/lps/planted.server.ts"]);
  });

  it("lets imports that point downwards through", () => {
    expect(violationsOf("app/components/x.tsx", 'import { maskEmail } from "~/core/mask";')).toEqual([]);
    expect(
      violationsOf("app/server/export/x.server.ts", 'import { a } from "../auth/session.server";'),
    ).toEqual([]);
    expect(violationsOf("app/core/x.ts", 'import { z } from "zod";\nimport { b } from "./b";')).toEqual([]);
  });
});
