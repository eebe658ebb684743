import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

export type Rgb = readonly [number, number, number];

/**
 * A real PNG (8-bit RGB) painted as a diagonal gradient from one colour to another, with a soft
 * lighter disc: enough to make demo cards look like they have cover images, without shipping files.
 */
export function gradientPng(width: number, height: number, from: Rgb, to: Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const cx = width * 0.72;
  const cy = height * 0.38;
  const radius = Math.min(width, height) * 0.32;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const d = Math.hypot(x - cx, y - cy);
      const glow = d < radius ? 0.18 * (1 - d / radius) : 0;
      for (let ch = 0; ch < 3; ch++) {
        const base = from[ch] + (to[ch] - from[ch]) * t;
        raw[row + 1 + x * 3 + ch] = Math.round(base + (255 - base) * glow);
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
