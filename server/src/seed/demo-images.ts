import sharp from 'sharp';
import { createAvatar } from '@dicebear/core';
import * as personas from '@dicebear/personas';

/**
 * Demo pictures made on this machine (DESIGN.md §6: no external image host, the machine may be
 * offline): DiceBear illustrations for avatars (two or three faces for couples and groups) and
 * soft gradients for covers. They go through the same upload path as a member's own photos.
 */
const BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf'];

const face = (seed: string, size: number) =>
  sharp(Buffer.from(createAvatar(personas, { seed, size, backgroundColor: ['transparent'] }).toString()))
    .png()
    .toBuffer();

export async function demoAvatar(seed: string, kind: string): Promise<Buffer> {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const background = `#${BACKGROUNDS[h % BACKGROUNDS.length]}`;
  const people = kind === 'group' ? 3 : kind === 'couple' ? 2 : 1;
  const size = 384;
  const faceSize = people === 1 ? size : Math.round(size / (people === 2 ? 1.5 : 1.9));
  const faces = await Promise.all(Array.from({ length: people }, (_, i) => face(`${seed}-${i}`, faceSize)));
  const step = people === 1 ? 0 : (size - faceSize) / (people - 1);
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite(faces.map((input, i) => ({ input, left: Math.round(i * step), top: size - faceSize })))
    .png()
    .toBuffer();
}

export async function demoCover(seed: string): Promise<Buffer> {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = h % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,20%)"/></linearGradient></defs><rect width="900" height="300" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
