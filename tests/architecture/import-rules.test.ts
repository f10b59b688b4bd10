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

  it("lets imports that point downwards through", () => {
    expect(violationsOf("app/components/x.tsx", 'import { maskEmail } from "~/core/mask";')).toEqual([]);
    expect(
      violationsOf("app/server/export/x.server.ts", 'import { a } from "../auth/session.server";'),
    ).toEqual([]);
    expect(violationsOf("app/core/x.ts", 'import { z } from "zod";\nimport { b } from "./b";')).toEqual([]);
  });
});
