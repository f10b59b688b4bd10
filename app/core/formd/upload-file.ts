import { isAccessionNumber } from "./values";

/**
 * Decision 031, section 3: what the console's upload takes as SEC Form D: a quarterly data set `.zip`, or one
 * filing's XML named after its accession number (a `primary_doc.xml` states none: EDGAR keeps it in the
 * filing's folder, which an upload does not bring). Pure: the form and the server share it.
 */

/** The name an uploaded filing's XML must have, as the messages show it. */
export const FORMD_XML_NAME_EXAMPLE = "0001234567-26-000001.xml";

/** The file input's `accept` for Form D. */
export const FORMD_UPLOAD_ACCEPT = ".zip,.xml,application/zip,application/xml,text/xml";

/** Why a file name (already trimmed, without folders) is not a Form D upload, or null. */
export function formDUploadNameProblem(fileName: string): string | null {
  if (/\.zip$/i.test(fileName)) return null;
  if (/\.xml$/i.test(fileName)) {
    const base = fileName.replace(/\.xml$/i, "");
    if (isAccessionNumber(base)) return null;
    return `${fileName} does not name its filing: rename it after its accession number, as in ${FORMD_XML_NAME_EXAMPLE} (EDGAR's primary_doc.xml sits in a folder with that number).`;
  }
  return `${fileName} is not a Form D file: upload a quarterly data set (.zip) or one filing's XML (${FORMD_XML_NAME_EXAMPLE}).`;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** The first bytes of an upload whose name passed formDUploadNameProblem: a zip's, or an XML's. */
export function formDUploadHeadProblem(head: Uint8Array, fileName: string): string | null {
  if (/\.zip$/i.test(fileName)) {
    const isZip = ZIP_MAGIC.every((byte, index) => head[index] === byte);
    return isZip ? null : `${fileName} is not a zip file: download the quarterly data set again.`;
  }
  // A UTF-8 byte order mark and white space may come first.
  let start = 0;
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) start = 3;
  while (start < head.length && [0x20, 0x09, 0x0a, 0x0d].includes(head[start] as number)) start++;
  const text = new TextDecoder("utf-8", { fatal: false }).decode(head.subarray(start, start + 64));
  if (text.startsWith("<?xml") || text.startsWith("<edgarSubmission")) return null;
  return `${fileName} is not a Form D XML file: it does not start with <?xml or <edgarSubmission.`;
}
