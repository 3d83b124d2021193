import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';

/**
 * What an identity document in PDF must be: a PDF (its header and end marker), with nothing that runs or carries other files: no JavaScript, launch or submit
 * actions, embedded files, rich media or XFA forms. Names are read with their `#xx` escapes
 * undone, and compressed streams (object streams hide dictionaries there) are inflated and
 * read too. Identity documents are at most 10 MB (common/limits.ts), read whole.
 */
export type PdfVerdict = 'ok' | 'unreadable' | 'active-content';

const ACTIVE =
  /\/(?:JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA|SubmitForm|ImportData|GoToE)(?![A-Za-z0-9])/;
const STREAM = /stream\r?\n/g;

/** `/J#61vaScript` -> `/JavaScript`. */
const unescapeNames = (text: string) =>
  text.replace(/\/[^\s/<>[\]()]+/g, (name) =>
    name.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
  );

function hasActiveContent(text: string): boolean {
  return ACTIVE.test(unescapeNames(text));
}

export async function checkPdf(path: string): Promise<PdfVerdict> {
  const bytes = await readFile(path);
  const text = bytes.toString('latin1');
  if (!text.startsWith('%PDF-') || !/%%EOF\s*$/.test(text.slice(-1024))) return 'unreadable';
  if (hasActiveContent(text)) return 'active-content';
  for (const match of text.matchAll(STREAM)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) return 'unreadable';
    try {
      const inflated = inflateSync(bytes.subarray(start, end)).toString('latin1');
      if (hasActiveContent(inflated)) return 'active-content';
    } catch {
      // Not a Flate stream (an image, a font): nothing to read as a dictionary.
    }
  }
  return 'ok';
}
