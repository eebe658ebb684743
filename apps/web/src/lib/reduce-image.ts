// Photos reduced on the device before they are stored or sent (docs/decisions/0310-item-photos.md): a phone's
// 12-megapixel photo (3-5 MB) becomes a 1600-pixel JPEG of a few hundred KB, under the server's 2 MB for any image.

export const PHOTO_MAX_SIDE = 1600;
export const PHOTO_QUALITY = 0.8;
export const PHOTO_TYPE = 'image/jpeg';

export interface ReducedImage {
  blob: Blob;
  width: number;
  height: number;
}

/** The size that fits within `max` on its longest side, keeping the shape; never larger than it was. */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

type Canvas2D = OffscreenCanvas | HTMLCanvasElement;

function canvasOf(width: number, height: number): Canvas2D {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encode(canvas: Canvas2D, type: string, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded.'))), type, quality));
}

/**
 * Decodes a photo (the camera's orientation applied), draws it at most PHOTO_MAX_SIDE on its longest side and encodes
 * it as JPEG. Throws when the file is not an image the browser can read.
 */
export async function reduceImage(file: Blob, max = PHOTO_MAX_SIDE, quality = PHOTO_QUALITY): Promise<ReducedImage> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = fitWithin(bitmap.width, bitmap.height, max);
    const canvas = canvasOf(size.width, size.height);
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
    if (!context) throw new Error('The photo could not be drawn.');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return { blob: await encode(canvas, PHOTO_TYPE, quality), ...size };
  } finally {
    bitmap.close();
  }
}
