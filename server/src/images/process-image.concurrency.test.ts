import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import realSharp from 'sharp';

/** Every sharp pipeline the code under test runs, counted while its pixels are decoded and encoded. */
const pipelines = vi.hoisted(() => ({ running: 0, peak: 0 }));
vi.mock('sharp', async (importOriginal) => {
  const sharp = (await importOriginal<{ default: typeof realSharp }>()).default;
  const counted = ((...args: Parameters<typeof sharp>) => {
    const instance = sharp(...args);
    const toBuffer = instance.toBuffer.bind(instance) as (...a: unknown[]) => Promise<unknown>;
    instance.toBuffer = ((...a: unknown[]) => {
      pipelines.running++;
      pipelines.peak = Math.max(pipelines.peak, pipelines.running);
      return toBuffer(...a).finally(() => pipelines.running--);
    }) as typeof instance.toBuffer;
    return instance;
  }) as typeof sharp;
  return { default: Object.assign(counted, sharp) };
});

/** A large, barely compressible PNG: decoding it takes long enough for uploads to overlap. */
const bigPng = (side: number) =>
  realSharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();

/**
 * The code under test, imported afresh: the server's test files share their workers' modules
 * (vitest.config.ts), so an earlier file may have imported it with the real sharp.
 */
vi.resetModules();
const { IMAGE_DECODES_AT_ONCE, processImage } = await import('./process-image');

describe('image decoding under load', () => {
  it(`decodes at most ${IMAGE_DECODES_AT_ONCE} images at once however many uploads arrive together; the rest wait their turn`, async () => {
    const input = await bigPng(800);
    pipelines.peak = 0;
    const results = await Promise.all(Array.from({ length: 8 }, () => processImage(input)));
    expect(results.every((r) => r.main.width === 800 && r.thumb.buffer.length > 0)).toBe(true);
    expect(pipelines.running).toBe(0);
    expect(pipelines.peak).toBe(IMAGE_DECODES_AT_ONCE);
  });
});
