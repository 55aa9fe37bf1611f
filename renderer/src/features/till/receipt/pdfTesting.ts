import { expect } from 'vitest';

// Readers of the PDF writer's output for the tests (pdfWriter.test.ts, receiptPdf.test.ts).

/** The file as a "binary" string: one char per byte. */
export function binary(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += String.fromCharCode(byte);
  return out;
}

/**
 * Checks the file's structure the way a reader finds its objects: `startxref` gives the table's
 * offset; the table has one 20-byte entry per object, each offset pointing at "<n> 0 obj"; the
 * trailer's /Size counts them; each stream's /Length is its byte count. Returns the objects.
 */
export function checkStructure(file: string): Map<number, string> {
  expect(file.startsWith('%PDF-1.4\n%')).toBe(true);
  // The binary comment: four bytes above 127.
  expect([...file.slice(10, 14)].every((c) => c.charCodeAt(0) > 127)).toBe(true);
  const tail = /startxref\n(\d+)\n%%EOF\n$/.exec(file);
  expect(tail).not.toBeNull();
  const xrefAt = Number(tail![1]);
  expect(file.slice(xrefAt, xrefAt + 5)).toBe('xref\n');
  const head = /^xref\n0 (\d+)\n/.exec(file.slice(xrefAt))!;
  const count = Number(head[1]);
  const entriesAt = xrefAt + head[0].length;
  expect(file.slice(entriesAt, entriesAt + 20)).toBe('0000000000 65535 f \n');
  const objects = new Map<number, string>();
  for (let n = 1; n < count; n++) {
    const entry = file.slice(entriesAt + n * 20, entriesAt + (n + 1) * 20);
    expect(entry).toMatch(/^\d{10} 00000 n \n$/);
    const offset = Number(entry.slice(0, 10));
    expect(file.slice(offset).startsWith(`${n} 0 obj\n`)).toBe(true);
    const end = file.indexOf('\nendobj\n', offset);
    objects.set(n, file.slice(offset + `${n} 0 obj\n`.length, end));
  }
  const trailer = file.slice(entriesAt + count * 20);
  expect(trailer.startsWith(`trailer\n<< /Size ${count} /Root 1 0 R /Info 5 0 R >>\n`)).toBe(true);
  for (const body of objects.values()) {
    const stream = /^<< \/Length (\d+) >>\nstream\n([\s\S]*)endstream$/.exec(body);
    if (stream) expect(stream[2]!.length).toBe(Number(stream[1]));
  }
  return objects;
}
