// The files of build/client (public/ and the build's assets) served by express.static, which looks for a
// file on disk (a stat) for every request it sees. Only requests whose first path segment names an entry of
// that directory are handed to it: every page and API request used to pay for a failed stat (docs/product.md#search
// item 8). The directory is a build's output and does not change while the server runs.
import { existsSync, readdirSync } from "node:fs";
import express from "express";

/**
 * @param {string} dir the directory to serve
 * @param {import("serve-static").ServeStaticOptions} options express.static's options
 * @returns {import("express").RequestHandler}
 */
export function publicFiles(dir, options) {
  // No directory (a build without public files) serves nothing, as express.static would.
  const entries = new Set(existsSync(dir) ? readdirSync(dir) : []);
  const serve = express.static(dir, options);
  return (request, response, next) => {
    const first = request.path.split("/", 2)[1] ?? "";
    let name = first;
    try {
      name = decodeURIComponent(first);
    } catch {
      // Not valid percent-encoding: no file has such a name (refuseMalformedPaths answers it first anyway).
    }
    if (entries.has(name)) serve(request, response, next);
    else next();
  };
}
