import { imageSize } from 'image-size';

export type ImageKind = 'jpg' | 'png' | 'gif' | 'webp';

/** Largest width or height accepted (decision 0077: a 20000×20000 PNG costs every viewer 2.2 GB). */
export const MAX_IMAGE_SIDE = 4096;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const TOO_MANY_PIXELS = `The image may not be wider or taller than ${MAX_IMAGE_SIDE} pixels.`;
export const DAMAGED_IMAGE = 'The image file is damaged or incomplete.';
export const TYPE_MISMATCH = "The file's type does not match its content.";

/** Recognises an image by its first bytes, whatever its name or declared type says. */
export function detectImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (buf.length >= 6 && ['GIF87a', 'GIF89a'].includes(buf.subarray(0, 6).toString('latin1'))) return 'gif';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG: chunks (length, type, data, crc) up to and including IEND. */
function pngEnd(buf: Buffer): number | null {
  let at = 8;
  while (at + 12 <= buf.length) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    at += 12 + length;
    if (at > buf.length) return null;
    if (type === 'IEND') return at;
  }
  return null;
}

/** JPEG: marker segments up to the scan, then entropy-coded data up to EOI (FF D9); repeats for progressive scans. */
function jpgEnd(buf: Buffer): number | null {
  let at = 2;
  while (at + 2 <= buf.length) {
    if (buf[at] !== 0xff) return null;
    const marker = buf[at + 1];
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd9) return at + 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (at + 4 > buf.length) return null;
    const length = buf.readUInt16BE(at + 2);
    at += 2 + length;
    if (marker === 0xda) {
      // Entropy-coded data: FF 00 is a data byte, FF D0–D7 a restart marker; any other FF xx ends it.
      while (at + 1 < buf.length && !(buf[at] === 0xff && buf[at + 1] !== 0x00 && !(buf[at + 1] >= 0xd0 && buf[at + 1] <= 0xd7))) at++;
    }
  }
  return null;
}

/** GIF: header, screen descriptor and colour table, then extension and image blocks up to the trailer (3B). */
function gifEnd(buf: Buffer): number | null {
  if (buf.length < 13) return null;
  let at = 13 + (buf[10] & 0x80 ? 3 * 2 ** ((buf[10] & 0x07) + 1) : 0);
  const skipSubBlocks = (from: number): number | null => {
    let p = from;
    while (p < buf.length) {
      const size = buf[p];
      p += 1 + size;
      if (size === 0) return p;
    }
    return null;
  };
  while (at < buf.length) {
    const block = buf[at];
    if (block === 0x3b) return at + 1;
    let next: number | null;
    if (block === 0x21) next = skipSubBlocks(at + 2);
    else if (block === 0x2c) {
      if (at + 10 > buf.length) return null;
      const flags = buf[at + 9];
      const table = flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0;
      next = skipSubBlocks(at + 10 + table + 1);
    } else return null;
    if (next === null) return null;
    at = next;
  }
  return null;
}

/** WebP: the RIFF header's size (padded to even). */
function webpEnd(buf: Buffer): number | null {
  const end = 8 + buf.readUInt32LE(4);
  return end <= buf.length ? end : null;
}

const ENDS: Record<ImageKind, (buf: Buffer) => number | null> = { png: pngEnd, jpg: jpgEnd, gif: gifEnd, webp: webpEnd };

const MIME: Record<ImageKind, string[]> = {
  jpg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  png: ['image/png', 'image/x-png', 'image/apng'],
  gif: ['image/gif'],
  webp: ['image/webp'],
};
const EXTENSIONS: Record<ImageKind, string[]> = { jpg: ['jpg', 'jpeg', 'jpe', 'jfif'], png: ['png', 'apng'], gif: ['gif'], webp: ['webp'] };
const IMAGE_EXTENSIONS = /\.(jpe?g|jpe|jfif|a?png|gif|webp|bmp|svg|tiff?|ico|avif|heic)$/i;

/** What the client said the file is: its Content-Type and file name (either may be missing). */
export interface DeclaredType {
  mimetype?: string;
  filename?: string;
}

export type ImageProblem = { kind: 'not-image' } | { kind: 'refused'; message: string };

/**
 * Checks an image's content: its type by the first bytes, its structure (the bytes after the image
 * data end are dropped, so nothing can ride along behind it), its dimensions from the header, and
 * that a declared image type or image file extension agrees with the content.
 * Returns the kind and the bytes to store, or the problem.
 */
export function inspectImage(buf: Buffer, declared: DeclaredType = {}): { kind: ImageKind; data: Buffer } | ImageProblem {
  const kind = detectImage(buf);
  if (!kind) return { kind: 'not-image' };
  const mimetype = declared.mimetype?.split(';')[0].trim().toLowerCase();
  if (mimetype?.startsWith('image/') && !MIME[kind].includes(mimetype)) return { kind: 'refused', message: TYPE_MISMATCH };
  const ext = declared.filename?.split('.').pop()?.toLowerCase();
  if (declared.filename && IMAGE_EXTENSIONS.test(declared.filename) && !EXTENSIONS[kind].includes(ext!)) return { kind: 'refused', message: TYPE_MISMATCH };
  const end = ENDS[kind](buf);
  if (end === null) return { kind: 'refused', message: DAMAGED_IMAGE };
  const data = end === buf.length ? buf : buf.subarray(0, end);
  let size: { width?: number; height?: number };
  try {
    size = imageSize(data);
  } catch {
    return { kind: 'refused', message: DAMAGED_IMAGE };
  }
  const width = size.width ?? 0;
  const height = size.height ?? 0;
  if (width < 1 || height < 1) return { kind: 'refused', message: DAMAGED_IMAGE };
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) return { kind: 'refused', message: TOO_MANY_PIXELS };
  return { kind, data };
}
