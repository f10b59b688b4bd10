import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The citation checker behind doc-citations.test.ts. Comments (and test titles) cite the product's rules as
 * `docs/product.md#<anchor>`, decision records as `decision NNN` or by path (`docs/decisions/NNN-title.md`),
 * and any other document in the repository by its path from the repository root. A new maintainer has the
 * repository and nothing else, so a citation must resolve in it:
 * - an issue number or a section number of the original specification is refused outright (the tracker and
 *   the specification are not in the repository; docs/product.md holds the rules);
 * - so are the design notes that never were in the repository, by name;
 * - a `*.md` path must name a file of the repository (paths are from the repository root: a bare
 *   `architecture.md` is refused, `docs/architecture.md` is not), and its `#anchor` a section of that file;
 * - `decision NNN` must have its record in docs/decisions/.
 */

export interface CitationViolation {
  file: string;
  line: number;
  citation: string;
  reason: string;
}

/** The folders whose source files are checked, and the code files at the repository's root. */
export const CHECKED_DIRS = ["app", "server", "scripts", "tests"] as const;
/** The checker and its test spell out what they refuse. */
const CHECKER_FILES = ["tests/architecture/doc-citations.ts", "tests/architecture/doc-citations.test.ts"];
const SOURCE_FILE = /\.(tsx?|mjs|cjs|js|css)$/;

/** Source files below the checked folders and at the root (repository-relative, posix separators). */
export function citingFiles(root: string): string[] {
  const files: string[] = [];
  for (const dir of CHECKED_DIRS) {
    if (!existsSync(path.join(root, dir))) continue;
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !SOURCE_FILE.test(entry.name)) continue;
      const full = path.join(entry.parentPath, entry.name);
      const file = path.relative(root, full).split(path.sep).join("/");
      if (file.split("/").includes("node_modules") || CHECKER_FILES.includes(file)) continue;
      files.push(file);
    }
  }
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.isFile() && SOURCE_FILE.test(entry.name)) files.push(entry.name);
  }
  return files.sort();
}

/** GitHub's heading slug: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2, ... */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors a markdown file offers: explicit `<a id="x">` (or name=) and every heading's slug. */
export function markdownAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1] as string);
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = headingSlug(heading[1] as string);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** What the checker needs to know of the repository: which files exist and a markdown file's anchors. */
export interface Repository {
  exists(file: string): boolean;
  anchors(file: string): Set<string>;
  decisionNumbers(): Set<string>;
}

export function fileRepository(root: string): Repository {
  const anchorCache = new Map<string, Set<string>>();
  return {
    exists: (file) => existsSync(path.join(root, file)),
    anchors(file) {
      let anchors = anchorCache.get(file);
      if (!anchors) {
        anchors = markdownAnchors(readFileSync(path.join(root, file), "utf8"));
        anchorCache.set(file, anchors);
      }
      return anchors;
    },
    decisionNumbers() {
      const dir = path.join(root, "docs/decisions");
      if (!existsSync(dir)) return new Set();
      return new Set(
        readdirSync(dir)
          .map((name) => /^(\d{3})-.*\.md$/.exec(name)?.[1])
          .filter((n): n is string => n !== undefined),
      );
    },
  };
}

/** Citations refused wherever they appear, with the reason the report gives. */
const REFUSED: ReadonlyArray<{ pattern: RegExp; reason: string }> = [
  {
    pattern: /\bissues?\s*#?\s*\d+(?:\s*(?:,|and|\/)\s*#?\d+)*/gi,
    reason: "an issue number: cite docs/product.md#<section> or a decision record instead",
  },
  {
    pattern: /\bspec(?:'s)?\s+(?:sections?\s+)?§?\s*\d+(?:\.\d+)?(?:\s*(?:,|and|\/)\s*\d+)*/gi,
    reason: "a section of the original specification: cite docs/product.md#<section> instead",
  },
  {
    pattern: /\bsections?\s+\d+(?:\s*(?:,|and)\s*\d+)*\s+of\s+the\s+spec\b/gi,
    reason: "a section of the original specification: cite docs/product.md#<section> instead",
  },
  {
    pattern: /\b(?:product-spec|research-notes|stack-notes)\b(?:\.md)?/gi,
    reason: "a design document that is not in the repository",
  },
  {
    pattern: /(?<![\w/.-])(?:decisions|style)\.md\b/g,
    reason: "a design document that is not in the repository",
  },
];

/** `decision 011`, `decisions 005 and 011`, `decision records 009, 010`. */
const DECISION_CITATION = /\bdecisions?\s+(?:records?\s+)?(\d{1,3}(?:\s*(?:,|and|\/|or)\s*\d{1,3})*)/gi;

/** A markdown path with an optional anchor. URLs are removed before this runs. */
const MARKDOWN_PATH = /(?<![\w/.~-])((?:\.{1,2}\/)?[\w./-]*[\w-]\.md)(#[\w-]+)?/g;

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Every citation in `source` (a file's text) that does not resolve in the repository. */
export function citationViolations(file: string, source: string, repo: Repository): CitationViolation[] {
  // URLs may cite anything of their own site; keep offsets by blanking them rather than removing them.
  const text = source.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'`)<>]+/gi, (url) => " ".repeat(url.length));
  const violations: CitationViolation[] = [];
  const add = (index: number, citation: string, reason: string) =>
    violations.push({ file, line: lineOf(text, index), citation, reason });

  for (const { pattern, reason } of REFUSED) {
    for (const match of text.matchAll(pattern)) add(match.index, match[0], reason);
  }

  const decisions = repo.decisionNumbers();
  for (const match of text.matchAll(DECISION_CITATION)) {
    for (const number of (match[1] as string).match(/\d+/g) ?? []) {
      if (!decisions.has(number.padStart(3, "0"))) {
        add(match.index, match[0], `decision ${number} has no record in docs/decisions/`);
      }
    }
  }

  for (const match of text.matchAll(MARKDOWN_PATH)) {
    const [citation, target, anchor] = match as unknown as [string, string, string | undefined];
    if (REFUSED.some(({ pattern }) => new RegExp(pattern.source, "i").test(path.posix.basename(target)))) {
      continue; // reported above
    }
    const fromRoot = path.posix.normalize(target.replace(/^\.\//, ""));
    const fromFile = path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
    const resolved = target.startsWith(".") ? fromFile : fromRoot;
    if (resolved.startsWith("..") || !repo.exists(resolved)) {
      add(match.index, citation, `${target} is not a file of the repository (paths are from its root)`);
      continue;
    }
    if (anchor && !repo.anchors(resolved).has(anchor.slice(1))) {
      add(match.index, citation, `${resolved} has no section ${anchor}`);
    }
  }
  return violations.sort((a, b) => a.line - b.line);
}

/** Violations counted per file, for the allowance of files whose rewrite is still to come. */
export function countByFile(violations: readonly CitationViolation[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of violations) counts[v.file] = (counts[v.file] ?? 0) + 1;
  return counts;
}

/** The repository's own documents: README.md and every markdown file under docs/. */
export function documentFiles(root: string): string[] {
  const files = existsSync(path.join(root, "README.md")) ? ["README.md"] : [];
  if (existsSync(path.join(root, "docs"))) {
    for (const entry of readdirSync(path.join(root, "docs"), { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !entry.name.endsWith(".md")) continue;
      files.push(path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
    }
  }
  return files.sort();
}

/**
 * Relative links of a markdown document (`[text](other.md#section)`, `[text](#section)`) that name no file or
 * section of the repository. Links with a scheme (https:, mailto:) are left alone.
 */
export function markdownLinkViolations(
  file: string,
  markdown: string,
  repo: Repository,
): CitationViolation[] {
  const violations: CitationViolation[] = [];
  for (const match of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    const link = match[1] as string;
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue;
    const [target, anchor] = link.split("#") as [string, string | undefined];
    const resolved =
      target === "" ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
    const line = lineOf(markdown, match.index);
    if (resolved.startsWith("..") || !repo.exists(resolved.replace(/\/$/, ""))) {
      violations.push({ file, line, citation: link, reason: `${resolved} is not in the repository` });
    } else if (anchor && resolved.endsWith(".md") && !repo.anchors(resolved).has(anchor)) {
      violations.push({ file, line, citation: link, reason: `${resolved} has no section #${anchor}` });
    }
  }
  return violations;
}
