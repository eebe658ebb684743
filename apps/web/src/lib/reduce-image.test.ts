import { afterEach, describe, expect, it, vi } from 'vitest';
import { fitWithin, PHOTO_MAX_SIDE, reduceImage } from './reduce-image';

describe('fitWithin', () => {
  it('fits the longest side within the limit, keeping the shape, and never enlarges', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(10_000, 3)).toEqual({ width: PHOTO_MAX_SIDE, height: 1 });
  });
});

describe('reduceImage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('decodes with the camera orientation, draws at the reduced size and encodes a JPEG at 0.8', async () => {
    const close = vi.fn();
    const drawImage = vi.fn();
    const convertToBlob = vi.fn(async (options: { type: string; quality: number }) => new Blob(['jpeg'], { type: options.type }));
    const made: [number, number][] = [];
    vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: 4032, height: 3024, close })));
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        constructor(width: number, height: number) {
          made.push([width, height]);
        }
        getContext() {
          return { drawImage };
        }
        convertToBlob = convertToBlob;
      },
    );
    const photo = new Blob(['raw'], { type: 'image/heic' });
    const reduced = await reduceImage(photo);
    expect(createImageBitmap).toHaveBeenCalledWith(photo, { imageOrientation: 'from-image' });
    expect(made).toEqual([[1600, 1200]]);
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 1600, 1200);
    expect(convertToBlob).toHaveBeenCalledWith({ type: 'image/jpeg', quality: 0.8 });
    expect(reduced).toMatchObject({ width: 1600, height: 1200 });
    expect(reduced.blob.type).toBe('image/jpeg');
    expect(close).toHaveBeenCalled();
  });

  it('refuses a file the browser cannot decode, and lets go of the bitmap when drawing fails', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn(async () => Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError'))));
    await expect(reduceImage(new Blob(['text']))).rejects.toThrow('could not be decoded');
    const close = vi.fn();
    vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: 10, height: 10, close })));
    vi.stubGlobal('OffscreenCanvas', class { getContext() { return null; } });
    await expect(reduceImage(new Blob(['x']))).rejects.toThrow('could not be drawn');
    expect(close).toHaveBeenCalled();
  });
});
