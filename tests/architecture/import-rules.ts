import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The layers of docs/architecture.md#layers, as rules over import paths (relative to the repository, without extension). */
export interface ImportRule {
  /** Files the rule applies to. */
  from: RegExp;
  /** Imports those files may not make. */
  forbidden: RegExp;
  why: string;
}

export const IMPORT_RULES: readonly ImportRule[] = [
  {
    from: /^app\/core\//,
    forbidden: /^app\/(?!core\/)/,
    why: "core holds pure rules shared by server and browser: it imports nothing of ours outside core",
  },
  {
    from: /^app\/components\//,
    forbidden: /^app\/(server|routes)\//,
    why: "components run in the browser: they never import server code (not even types) or routes",
  },
  {
    from: /^app\/server\/db\//,
    forbidden: /^app\/server\/(?!db\/|env\.server$|logger\.server$)/,
    why: "db is the bottom of the server (with the env and the logger): it knows the schema and connections, not the features above it",
  },
  {
    from: /^app\/server\/(companies|auth|billing|suppression|mail|settings|activity)\//,
    forbidden: /^app\/server\/export\//,
    why: "the export endpoint sits above the domains it combines (companies, auth, billing)",
  },
  {
    from: /^app\/server\/companies\//,
    forbidden: /^app\/server\/(auth|billing)\//,
    why: "the companies domain sits beside auth and billing, not above them",
  },
  {
    from: /^app\/server\/(auth|billing)\//,
    forbidden: /^app\/server\/companies\//,
    why: "auth and billing know nothing of companies",
  },
  {
    from: /^app\/(core|components|server)\//,
    forbidden: /^app\/routes\//,
    why: "routes are the top layer: nothing below imports them",
  },
  {
    from: /^app\/server\/imports\//,
    forbidden: /^app\/server\/(companies|lps|import-console\.server$)/,
    why: "the import kit knows no kind of import: a kind plugs into it, and import-console.server.ts names the kinds (decision 020)",
  },
  {
    from: /^app\/server\/company-summary\//,
    forbidden: /^app\/server\/(?!db\/|company-summary\/|env\.server$|logger\.server$)/,
    why: "the one writer of a company's derived fields sits on the database alone, so every feature that writes rounds or people (suppression too) can call it (decision 030)",
  },
  {
    from: /^app\/server\/suppression\//,
    forbidden: /^app\/server\/(companies|lps|imports|admin|public-forms)\//,
    why: "suppression sits below the data it hides: companies, LPs and imports check it, it imports none of them (decision 020)",
  },
];

/**
 * A feature folder of app/server (companies, lps, imports, ...) is used through its top-level modules: its
 * public face. Its subfolders (companies/import/, lps/import/) are its internals, which only the feature's
 * own files import (decision 020). The path of a feature's internal module, else null.
 */
export function featureInternalOf(target: string): { feature: string } | null {
  const match = /^app\/server\/([^/]+)\/[^/]+\/./.exec(target);
  return match?.[1] ? { feature: match[1] } : null;
}

/** Whether `file` belongs to `feature` (it is inside app/server/<feature>/). */
function isInFeature(file: string, feature: string): boolean {
  return file.startsWith(`app/server/${feature}/`);
}

const IMPORT_PATTERN =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** Every module specifier a source file imports or re-exports (static, type-only and dynamic imports). */
export function importSpecifiers(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(IMPORT_PATTERN)) {
    const specifier = match[1] ?? match[2];
    if (specifier) found.push(specifier);
  }
  return found;
}

/** The repository path (no extension) a specifier points at, or null for a package. */
export function resolveSpecifier(fromFile: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith("~/")) target = path.posix.join("app", specifier.slice(2));
  else if (specifier.startsWith(".")) target = path.posix.join(path.posix.dirname(fromFile), specifier);
  else return null;
  return target.replace(/\.(tsx?|mjs|js)$/, "");
}

export interface Violation {
  file: string;
  specifier: string;
  why: string;
}

/** The imports of one file (given its repository path and source) that break a rule. */
export function violationsOf(file: string, source: string, rules = IMPORT_RULES): Violation[] {
  const violations: Violation[] = [];
  for (const specifier of importSpecifiers(source)) {
    const target = resolveSpecifier(file, specifier);
    if (target === null) continue;
    for (const rule of rules) {
      if (rule.from.test(file) && rule.forbidden.test(target))
        violations.push({ file, specifier, why: rule.why });
    }
    const internal = featureInternalOf(target);
    if (internal !== null && !isInFeature(file, internal.feature)) {
      violations.push({
        file,
        specifier,
        why: `${internal.feature}/ is used through its top-level modules: its subfolders are its internals`,
      });
    }
  }
  return violations;
}

/** Source files below `dir` (repository-relative, posix separators), tests excluded. */
export function sourceFiles(root: string, dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(tsx?|mjs)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.push(path.relative(root, full).split(path.sep).join("/"));
  }
  return files.sort();
}

export function readSource(root: string, file: string): string {
  return readFileSync(path.join(root, file), "utf8");
}
