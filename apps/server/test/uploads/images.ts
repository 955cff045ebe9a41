import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
export function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----p2p${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real JPEG carrying EXIF with a GPS position (what a phone photo leaks). */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: 'red' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Leaky 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '55/1 45/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '37/1 37/1 0/1',
      },
    })
    .toBuffer();
}

export function pngWithAlpha(): Promise<Buffer> {
  return sharp({
    create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid 1-bit greyscale PNG of width x height blank pixels. 20000 x 20000 (400 megapixels,
 * 50 MB of raw rows) deflates to about 50 KB: a decompression bomb.
 */
export function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 + blank bits
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
