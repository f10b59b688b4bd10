import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import type { Writable } from "node:stream";

/** A file to put in a zip archive: its name there, where it is, its size and CRC-32 (known: it is written). */
export interface ZipEntry {
  name: string;
  path: string;
  size: number;
  crc32: number;
}

async function write(out: Writable, bytes: Buffer): Promise<void> {
  if (!out.write(bytes)) await once(out, "drain");
}

/**
 * docs/product.md#converter: the parts of a converted file as one zip archive, stored without compression (ZIP's "stored"
 * method). The parts are on disk, whole, with their sizes and CRC-32s taken as they were written, so each
 * local header is complete up front and the data is copied through with flat memory. Names are ASCII and
 * the archive stays far under 4 GB (no ZIP64).
 */
export async function writeStoredZip(outPath: string, entries: readonly ZipEntry[]): Promise<number> {
  const out = createWriteStream(outPath, { flags: "wx" });
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // flags: names in UTF-8
    local.writeUInt16LE(0, 8); // method: stored
    local.writeUInt32LE(0, 10); // time and date: 1980-01-01 00:00 (none)
    local.writeUInt32LE(entry.crc32 >>> 0, 14);
    local.writeUInt32LE(entry.size, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    await write(out, local);
    await write(out, name);
    for await (const chunk of createReadStream(entry.path)) await write(out, chunk as Buffer);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4); // made by: 2.0
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt32LE(0, 12);
    header.writeUInt32LE(entry.crc32 >>> 0, 16);
    header.writeUInt32LE(entry.size, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += local.length + name.length + entry.size;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  await write(out, directory);
  await write(out, end);
  out.end();
  await once(out, "finish");
  return offset + directory.length + end.length;
}
