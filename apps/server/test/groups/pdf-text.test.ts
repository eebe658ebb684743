import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './group-note-helpers';

// The PDF tests read a document's text through pdfText. A compressed stream whose last byte is `\r` (a Filipino client
// record did so once in CI, about one stream in 500) read as empty.
describe('pdfText', () => {
  const pdf = (text: string) => Buffer.concat([Buffer.from('%PDF-1.3\n1 0 obj\n<< /Filter /FlateDecode >>\nstream\n', 'latin1'), deflateSync(Buffer.from(text, 'latin1')), Buffer.from('\nendstream\nendobj\n', 'latin1')]);

  it("reads a stream's text whatever its compressed bytes end with, a carriage return included", () => {
    // This content compresses to bytes ending with 0x0d.
    const content = 'BT <81fe1a93493ef987> Tj ET';
    expect(deflateSync(Buffer.from(content, 'latin1')).at(-1)).toBe(0x0d);
    expect(pdfText(pdf(content))).toBe(Buffer.from('81fe1a93493ef987', 'hex').toString('latin1'));
    expect(pdfText(pdf('BT <4869> Tj ET'))).toBe('Hi');
  });
});
