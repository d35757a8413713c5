// Lossless PNG re-encoding for screenshots: Chromium writes fast, lightly compressed PNGs; choosing each row's best
// filter and deflating at level 9 makes them about a fifth smaller. 8-bit RGB/RGBA, non-interlaced only.
import { deflateSync, inflateSync, crc32 } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Re-encodes `png` (a Buffer) and returns the smallest of it and its re-encodings (each row filtered, or none). */
export function shrinkPng(png) {
  const { header, width, height, bpp, pixels } = dropOpaqueAlpha(decode(png));
  const stride = width * bpp;
  // Flat UI areas often deflate best unfiltered; text and gradients best filtered: both are tried.
  const encodings = [filterRows(pixels, stride, height, bpp), filterRows(pixels, stride, height, bpp, [0])].map((rows) =>
    Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]),
  );
  return [png, ...encodings].reduce((a, b) => (b.length < a.length ? b : a));
}

function decode(png) {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let header = null;
  const idat = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') header = Buffer.from(body);
    if (type === 'IDAT') idat.push(body);
    at += 12 + length;
  }
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const [depth, colorType, , , interlace] = header.subarray(8);
  if (depth !== 8 || interlace !== 0 || (colorType !== 2 && colorType !== 6)) throw new Error('only 8-bit RGB/RGBA, non-interlaced');
  const bpp = colorType === 2 ? 3 : 4;
  const stride = width * bpp;
  const raw = inflateSync(Buffer.concat(idat));
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = pixels.subarray(y * stride, (y + 1) * stride);
    const prev = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : null;
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? row[x - bpp] : 0;
      const b = prev ? prev[x] : 0;
      const c = prev && x >= bpp ? prev[x - bpp] : 0;
      row[x] = (line[x] + predict(filter, a, b, c)) & 255;
    }
  }
  return { header, width, height, bpp, pixels };
}

/** RGBA whose every pixel is opaque (a screenshot) as RGB: a quarter fewer bytes to deflate. */
function dropOpaqueAlpha(image) {
  const { header, width, height, bpp, pixels } = image;
  if (bpp !== 4) return image;
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 255) return image;
  const rgb = Buffer.alloc(width * height * 3);
  for (let i = 0, j = 0; i < pixels.length; i += 4, j += 3) {
    rgb[j] = pixels[i];
    rgb[j + 1] = pixels[i + 1];
    rgb[j + 2] = pixels[i + 2];
  }
  const rgbHeader = Buffer.from(header);
  rgbHeader[9] = 2;
  return { header: rgbHeader, width, height, bpp: 3, pixels: rgb };
}

function predict(filter, a, b, c) {
  if (filter === 0) return 0;
  if (filter === 1) return a;
  if (filter === 2) return b;
  if (filter === 3) return (a + b) >> 1;
  const pa = Math.abs(b - c);
  const pb = Math.abs(a - c);
  const pc = Math.abs(a + b - 2 * c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Each row with the filter whose output has the smallest sum of absolute (signed) bytes, the usual heuristic. */
function filterRows(pixels, stride, height, bpp, filters = [0, 1, 2, 3, 4]) {
  const out = Buffer.alloc((stride + 1) * height);
  const candidate = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const row = pixels.subarray(y * stride, (y + 1) * stride);
    const prev = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : null;
    let best = -1;
    let bestScore = Infinity;
    for (const filter of filters) {
      let score = 0;
      for (let x = 0; x < stride; x++) {
        const v = (row[x] - predict(filter, x >= bpp ? row[x - bpp] : 0, prev ? prev[x] : 0, prev && x >= bpp ? prev[x - bpp] : 0)) & 255;
        candidate[x] = v;
        score += v < 128 ? v : 256 - v;
      }
      if (score < bestScore) {
        bestScore = score;
        best = filter;
        out[y * (stride + 1)] = filter;
        candidate.copy(out, y * (stride + 1) + 1);
      }
    }
  }
  return out;
}

function chunk(type, body) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])) >>> 0, 0);
  return Buffer.concat([head, body, crc]);
}
