/**
 * A photo as a camera or a phone writes it, made with sharp: stored on its side (1,200 x 800) with
 * the EXIF orientation that turns it upright (800 x 1,200), a camera model and a GPS position.
 * Red, with a blue square in the stored top-left corner, which upright is the top-right one.
 */
import sharp from 'sharp';

export const BLUE = '#1e50c8';
export const RED = '#c83c28';

export async function cameraPhoto(): Promise<Buffer> {
  const square = await sharp({ create: { width: 200, height: 200, channels: 3, background: BLUE } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: RED } })
    .composite([{ input: square, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Garlic Test', Model: 'TestCam 1', Copyright: 'Garlic Brothers' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 4/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 12/1' },
    })
    .toBuffer();
}

/** Whether bytes hold an EXIF GPS pointer (tag 0x8825, in either byte order). */
export const hasGps = (bytes: Buffer) => bytes.includes(Buffer.from([0x88, 0x25])) || bytes.includes(Buffer.from([0x25, 0x88]));

/** The colour of one pixel. */
export async function pixel(bytes: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 3;
  return [data[at], data[at + 1], data[at + 2]] as [number, number, number];
}

/** Whether a colour is within a lossy encoder's reach of `hex`. */
export const near = (colour: readonly number[], hex: string) =>
  colour.every((value, i) => Math.abs(value - Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16)) < 24);

/**
 * A camera's full-size photo: 6,000 x 4,000 stored on its side (EXIF orientation 6), about 12 MB as
 * a JPEG at quality 90, the size a 24-megapixel camera writes: a colour gradient under sensor-like
 * noise (grain that no encoder can throw away, as in a real photo's shadows), with the camera's
 * metadata and a GPS position.
 */
export async function fullSizeCameraPhoto(width = 6000, height = 4000, seed = 0): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width + seed * 37;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = ((x + y) * 127) / (width + height) + 64;
    }
  }
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } } })
    .raw()
    .toBuffer();
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.max(0, Math.min(255, pixels[i] + grain[i] - 128));
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Garlic Test', Model: 'TestCam 1', Copyright: 'Garlic Brothers' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 4/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 12/1' },
    })
    .toBuffer();
}
