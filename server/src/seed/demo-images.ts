import sharp, { type OverlayOptions } from 'sharp';
import { createAvatar } from '@dicebear/core';
import * as personas from '@dicebear/personas';

/**
 * Demo pictures made on this machine (DESIGN.md §6: no external image host, the machine may be
 * offline): DiceBear illustrations for avatars (two or three faces for couples and groups), soft
 * gradients for covers, and little illustrated scenes (a night out, the beach, the city, a garden,
 * a party) with the member's faces for gallery photos. Each person's face is drawn once per member
 * and placed in all of their pictures. They go through the same upload path as a member's own photos.
 */
const BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf'];
export const GALLERY_WIDTH = 360;
export const GALLERY_HEIGHT = 450;

function hash(text: string) {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

/** A small deterministic generator (mulberry32), for the scenes' details. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const peopleIn = (kind: string) => (kind === 'group' ? 3 : kind === 'couple' ? 2 : 1);
const AVATAR_SIDE = 384;
/** Grown-ups' faces: DiceBear's pacifier mouth is left out. */
const MOUTHS: ('smile' | 'bigSmile' | 'smirk' | 'lips' | 'surprise')[] = ['smile', 'bigSmile', 'smirk', 'lips', 'surprise'];

interface Raster {
  data: Buffer;
  width: number;
  height: number;
}

/** One person's face, drawn once (raw pixels) and placed in each of the member's pictures. */
async function drawFace(seed: string, size: number): Promise<Raster> {
  const svg = createAvatar(personas, { seed, size, backgroundColor: ['transparent'], mouth: MOUTHS }).toString();
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function shrink(face: Raster, size: number): Promise<Raster> {
  if (face.width === size) return face;
  const { data, info } = await sharp(face.data, { raw: { width: face.width, height: face.height, channels: 4 } })
    .resize(size, size)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The faces side by side along the bottom of a picture `width` × `height`, as sharp overlays. */
function placed(faces: Raster[], width: number, height: number): OverlayOptions[] {
  const size = faces[0]!.width;
  const step = faces.length === 1 ? 0 : (width - size) / (faces.length - 1);
  const left = faces.length === 1 ? (width - size) / 2 : 0;
  return faces.map((f, i) => ({
    input: f.data,
    raw: { width: f.width, height: f.height, channels: 4 as const },
    left: Math.round(left + i * step),
    top: height - size,
  }));
}

const svgDoc = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`;

/** The member's faces at avatar size: one fills the picture, two or three share it. */
function memberFaces(seed: string, kind: string) {
  const people = peopleIn(kind);
  const size = people === 1 ? AVATAR_SIDE : Math.round(AVATAR_SIDE / (people === 2 ? 1.5 : 1.9));
  return Promise.all(Array.from({ length: people }, (_, i) => drawFace(`${seed}-${i}`, size)));
}

async function avatarFrom(seed: string, faces: Raster[]): Promise<Buffer> {
  const background = `#${BACKGROUNDS[hash(seed) % BACKGROUNDS.length]}`;
  return sharp({ create: { width: AVATAR_SIDE, height: AVATAR_SIDE, channels: 4, background } })
    .composite(placed(faces, AVATAR_SIDE, AVATAR_SIDE))
    .png()
    .toBuffer();
}

export async function demoCover(seed: string): Promise<Buffer> {
  const hue = hash(seed) % 360;
  const svg = svgDoc(
    900,
    300,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,20%)"/></linearGradient></defs><rect width="900" height="300" fill="url(#g)"/>`,
  );
  return sharp(Buffer.from(svg)).png().toBuffer();
}

type Scene = (rand: () => number, w: number, h: number) => string;
const between = (rand: () => number, min: number, max: number) => min + rand() * (max - min);
const gradient = (id: string, top: string, bottom: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

const SCENES: Scene[] = [
  // a night out: bokeh lights
  (rand, w, h) => {
    const lights = Array.from({ length: 14 }, () => {
      const hue = Math.floor(between(rand, 280, 400)) % 360;
      return `<circle cx="${between(rand, 0, w).toFixed(0)}" cy="${between(rand, 0, h * 0.7).toFixed(0)}" r="${between(rand, 8, 34).toFixed(0)}" fill="hsl(${hue},90%,65%)" fill-opacity="${between(rand, 0.2, 0.55).toFixed(2)}"/>`;
    }).join('');
    return `<defs>${gradient('bg', '#1b0b2e', '#5a1846')}</defs><rect width="${w}" height="${h}" fill="url(#bg)"/>${lights}`;
  },
  // the beach: sky, sun, sea and sand
  (rand, w, h) => {
    const sunX = between(rand, w * 0.2, w * 0.8).toFixed(0);
    return `<defs>${gradient('bg', '#ffb37a', '#ffe3b3')}</defs><rect width="${w}" height="${h}" fill="url(#bg)"/><circle cx="${sunX}" cy="${(h * 0.3).toFixed(0)}" r="${(w * 0.12).toFixed(0)}" fill="#fff1c9"/><rect y="${(h * 0.45).toFixed(0)}" width="${w}" height="${(h * 0.2).toFixed(0)}" fill="#3d8fb8"/><rect y="${(h * 0.65).toFixed(0)}" width="${w}" height="${(h * 0.35).toFixed(0)}" fill="#f2d49b"/>`;
  },
  // the city at night: a skyline with lit windows
  (rand, w, h) => {
    let x = 0;
    let body = '';
    while (x < w) {
      const bw = between(rand, 30, 70);
      const bh = between(rand, h * 0.25, h * 0.6);
      body += `<rect x="${x.toFixed(0)}" y="${(h - bh).toFixed(0)}" width="${bw.toFixed(0)}" height="${bh.toFixed(0)}" fill="#20243a"/>`;
      for (let wy = h - bh + 10; wy < h - 20; wy += 18)
        if (rand() < 0.5)
          body += `<rect x="${(x + 8).toFixed(0)}" y="${wy.toFixed(0)}" width="8" height="8" fill="#ffd66b" fill-opacity="0.8"/>`;
      x += bw + 4;
    }
    return `<defs>${gradient('bg', '#0d1b3d', '#3b2a6b')}</defs><rect width="${w}" height="${h}" fill="url(#bg)"/>${body}`;
  },
  // a garden: greenery and flowers
  (rand, w, h) => {
    const flowers = Array.from({ length: 18 }, () => {
      const hue = Math.floor(between(rand, 0, 360));
      return `<circle cx="${between(rand, 0, w).toFixed(0)}" cy="${between(rand, h * 0.35, h).toFixed(0)}" r="${between(rand, 5, 12).toFixed(0)}" fill="hsl(${hue},80%,70%)"/>`;
    }).join('');
    return `<defs>${gradient('bg', '#bfe8ff', '#6dbf6a')}</defs><rect width="${w}" height="${h}" fill="url(#bg)"/><rect y="${(h * 0.4).toFixed(0)}" width="${w}" height="${(h * 0.6).toFixed(0)}" fill="#4f9e4c"/>${flowers}`;
  },
  // a party: confetti
  (rand, w, h) => {
    const confetti = Array.from({ length: 40 }, () => {
      const hue = Math.floor(between(rand, 0, 360));
      const x = between(rand, 0, w).toFixed(0);
      const y = between(rand, 0, h).toFixed(0);
      return `<rect x="${x}" y="${y}" width="6" height="12" transform="rotate(${between(rand, 0, 180).toFixed(0)} ${x} ${y})" fill="hsl(${hue},85%,60%)"/>`;
    }).join('');
    return `<defs>${gradient('bg', '#2b1055', '#d53369')}</defs><rect width="${w}" height="${h}" fill="url(#bg)"/>${confetti}`;
  },
];

/** Gallery photo number `index`: a scene with the member's faces (portrait, 360 × 450). */
async function galleryFrom(seed: string, faces: Raster[], index: number): Promise<Buffer> {
  const scene = SCENES[(hash(seed) + index) % SCENES.length]!;
  const w = GALLERY_WIDTH;
  const h = GALLERY_HEIGHT;
  const fitted = faces.length === 1 ? [await shrink(faces[0]!, Math.round(w * 0.8))] : faces;
  return sharp(Buffer.from(svgDoc(w, h, scene(prng(hash(`${seed}-gallery-${index}`)), w, h))))
    .composite(placed(fitted, w, h))
    .png()
    .toBuffer();
}

export interface DemoPictures {
  avatar: Buffer;
  cover: Buffer;
  gallery: Buffer[];
}

/** All of a member's pictures; the faces are drawn once for all of them. */
export async function demoPictures(seed: string, kind: string, galleryPhotos: number): Promise<DemoPictures> {
  const faces = await memberFaces(seed, kind);
  const [avatar, cover, ...gallery] = await Promise.all([
    avatarFrom(seed, faces),
    demoCover(seed),
    ...Array.from({ length: galleryPhotos }, (_, i) => galleryFrom(seed, faces, i)),
  ]);
  return { avatar, cover, gallery };
}
