import { once } from "node:events";
import { closeSync, createWriteStream, openSync, readSync, type WriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";

/**
 * Decision 030, "Each company once per file": a file's valid rows, kept on disk (one JSON line each) so they
 * can be handed to the writer grouped rather than in file order. Rows sharing a key (a company's match key, a
 * round's URL) are one group, transitively; `batches` yields the groups in the order of their first row, each
 * group whole and in file order, packed into batches of about `batchSize` rows (a larger group is a batch of
 * its own). Memory: three numbers a row, plus the keys (a few tens of bytes each).
 */
const WRITE_CHUNK_BYTES = 1 << 20;

export class RowSpool<Row> {
  readonly #dir: string;
  readonly #out: WriteStream;
  #written = 0;
  readonly #offsets: number[] = [];
  readonly #lengths: number[] = [];
  /** Each row's group node (its first key's); resolved to the group's root when batching. */
  readonly #rowNodes: number[] = [];
  readonly #nodeOfKey = new Map<string, number>();
  /** Union-find parents of the nodes. */
  readonly #parents: number[] = [];
  #failure: Error | null = null;
  #pending = "";
  #pendingBytes = 0;

  private constructor(dir: string) {
    this.#dir = dir;
    this.#out = createWriteStream(path.join(dir, "rows.jsonl"));
    // A failed write (a full disk) fails the next add or the batching, not the process.
    this.#out.on("error", (error) => {
      this.#failure ??= error;
    });
  }

  static async create<Row>(): Promise<RowSpool<Row>> {
    return new RowSpool<Row>(await mkdtemp(path.join(os.tmpdir(), "rl-import-spool-")));
  }

  /** Where the rows are kept (deleted by dispose). */
  get directory(): string {
    return this.#dir;
  }

  get size(): number {
    return this.#rowNodes.length;
  }

  /** Keeps `row`, tied to every row that shares one of `keys` (a row without keys is a group of its own). */
  async add(row: Row, keys: readonly string[]): Promise<void> {
    const line = `${JSON.stringify(row)}\n`;
    const length = Buffer.byteLength(line);
    this.#offsets.push(this.#written);
    this.#lengths.push(length);
    this.#written += length;
    this.#pending += line;
    this.#pendingBytes += length;
    let node = -1;
    for (const key of keys) {
      let keyNode = this.#nodeOfKey.get(key);
      if (keyNode === undefined) {
        keyNode = this.#newNode();
        this.#nodeOfKey.set(key, keyNode);
      }
      if (node === -1) node = keyNode;
      else this.#union(node, keyNode);
    }
    this.#rowNodes.push(node === -1 ? this.#newNode() : node);
    if (this.#pendingBytes >= WRITE_CHUNK_BYTES) await this.#flush();
  }

  /** Writes the rows held back: one write a megabyte (a write a row cost ~60 µs each, waiting on drains). */
  async #flush(): Promise<void> {
    if (this.#failure) throw this.#failure;
    if (this.#pendingBytes === 0) return;
    const chunk = this.#pending;
    this.#pending = "";
    this.#pendingBytes = 0;
    if (!this.#out.write(chunk)) await once(this.#out, "drain");
  }

  /** The rows, grouped, in batches of about `batchSize`. Call once, after the last `add`. */
  async *batches(batchSize: number): AsyncGenerator<Row[]> {
    await this.#flush();
    this.#out.end();
    await finished(this.#out);
    if (this.#failure) throw this.#failure;
    // Rows of each group in file order; groups in the order of their first row.
    const rowsOfRoot = new Map<number, number[]>();
    for (let index = 0; index < this.#rowNodes.length; index++) {
      const root = this.#find(this.#rowNodes[index] as number);
      const rows = rowsOfRoot.get(root);
      if (rows) rows.push(index);
      else rowsOfRoot.set(root, [index]);
    }
    this.#nodeOfKey.clear();
    const fd = openSync(path.join(this.#dir, "rows.jsonl"), "r");
    try {
      let batch: number[] = [];
      for (const rows of rowsOfRoot.values()) {
        if (batch.length > 0 && batch.length + rows.length > batchSize) {
          yield this.#read(fd, batch);
          batch = [];
        }
        batch.push(...rows);
      }
      if (batch.length > 0) yield this.#read(fd, batch);
    } finally {
      closeSync(fd);
    }
  }

  /** Deletes the rows kept on disk. */
  async dispose(): Promise<void> {
    if (!this.#out.closed) this.#out.destroy();
    await rm(this.#dir, { recursive: true, force: true });
  }

  /**
   * A batch's rows, one positioned read each. Synchronous: a read from the page cache takes microseconds, an
   * asynchronous one a trip through the thread pool (2,000 of them a batch would cost more than the batch's
   * parsing); a batch holds the event loop for about as long as parsing its CSV did.
   */
  #read(fd: number, indexes: readonly number[]): Row[] {
    const rows: Row[] = [];
    let buffer = Buffer.allocUnsafe(4096);
    for (const index of indexes) {
      const length = this.#lengths[index] as number;
      if (length > buffer.length) buffer = Buffer.allocUnsafe(length);
      readSync(fd, buffer, 0, length, this.#offsets[index] as number);
      rows.push(JSON.parse(buffer.toString("utf8", 0, length)) as Row);
    }
    return rows;
  }

  #newNode(): number {
    this.#parents.push(this.#parents.length);
    return this.#parents.length - 1;
  }

  #find(node: number): number {
    let root = node;
    while (this.#parents[root] !== root) root = this.#parents[root] as number;
    // Path compression: every node on the way points at the root.
    let at = node;
    while (this.#parents[at] !== root) {
      const next = this.#parents[at] as number;
      this.#parents[at] = root;
      at = next;
    }
    return root;
  }

  #union(a: number, b: number): void {
    const rootA = this.#find(a);
    const rootB = this.#find(b);
    // The older node stays the root, so a group keeps the node of its first row.
    if (rootA < rootB) this.#parents[rootB] = rootA;
    else if (rootB < rootA) this.#parents[rootA] = rootB;
  }
}
