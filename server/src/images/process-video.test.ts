import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem } from '@velvet/core/schemas/content.schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ORIGIN, type Client } from '../../test/http';
import { finishedMember } from '../../test/members';

/**
 * Where a camera or drone writes the place into the video stream itself (H.264 / HEVC SEI user
 * data, AV1 metadata OBUs), a stream copy keeps it: the stored file must not. Each clip is made by
 * ffmpeg, uploaded through the content route and fetched back as a member gets it.
 */
const GPS = 'GPS51.50740N000.12780W';
const UUID = '086f3693-b7b3-4f2c-9653-21492feee5b8';

let t: TestApp;
let alice: { c: Client; id: string };
let work: string;

const cookieOf = (c: Client) => [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-nostdin', '-y', ...args]);
const inWork = (name: string) => path.join(work, name);
/** A second of test pattern at 10 frames a second, 160x120, encoded with `codec`. */
const pattern = (codec: string[]) => ['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-t', '1', '-pix_fmt', 'yuv420p', ...codec];

async function uploadAndFetch(bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.set('title', name);
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const headers = { origin: ORIGIN, cookie: cookieOf(alice.c) };
  const res = await t.app.request('/api/v1/content', { method: 'POST', body: form, headers });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  const item = (JSON.parse(text) as { item: ContentItem }).item;
  const served = await t.app.request(item.url!, { headers });
  expect(served.status).toBe(200);
  return Buffer.from(await served.arrayBuffer());
}

/** The stored file's video stream as ffprobe sees it, after ffmpeg has decoded every frame of it. */
async function playable(bytes: Buffer, ext: string) {
  const file = inWork(`served.${ext}`);
  await writeFile(file, bytes);
  ffmpeg('-xerror', '-i', file, '-f', 'null', '-');
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=codec_name,width,height',
    '-of',
    'json',
    file,
  ]);
  return (JSON.parse(out.toString()) as { streams: { codec_name: string; width: number; height: number }[] }).streams[0];
}

/** An HEVC prefix SEI NAL unit (type 39) holding one user_data_unregistered message: a UUID, then `text`. */
function hevcUserDataSei(text: string): Buffer {
  const payload = Buffer.concat([Buffer.from(UUID.replaceAll('-', ''), 'hex'), Buffer.from(text)]);
  return Buffer.concat([Buffer.from([0, 0, 0, 1, 39 << 1, 1, 5, payload.length]), payload, Buffer.from([0x80])]);
}

/** An Annex B HEVC stream with `sei` put before the first slice of every picture. */
function withSeiInEveryPicture(stream: Buffer, sei: Buffer): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let i = 0; i + 5 < stream.length; i++) {
    if (stream[i] !== 0 || stream[i + 1] !== 0 || stream[i + 2] !== 1) continue;
    const type = (stream[i + 3]! >> 1) & 0x3f;
    const firstSliceOfPicture = type < 32 && (stream[i + 5]! & 0x80) !== 0;
    if (firstSliceOfPicture) {
      const start = stream[i - 1] === 0 ? i - 1 : i;
      parts.push(stream.subarray(from, start), sei);
      from = start;
    }
    i += 2;
  }
  parts.push(stream.subarray(from));
  return Buffer.concat(parts);
}

/**
 * An AV1 low-overhead OBU stream with a metadata OBU (ITU-T T.35, holding `text`) after the temporal
 * delimiter of every temporal unit but the first (whose metadata ffmpeg would also copy into the
 * codec's extradata, which no filter reaches: see STRIP_UNITS).
 */
function withAv1Metadata(stream: Buffer, text: string): Buffer {
  const body = Buffer.concat([Buffer.from([4, 0xb5]), Buffer.from(text), Buffer.from([0x80])]);
  expect(body.length).toBeLessThan(128); // its size fits one leb128 byte
  const metadata = Buffer.concat([Buffer.from([(5 << 3) | 2, body.length]), body]);
  const parts: Buffer[] = [];
  let units = 0;
  for (let at = 0; at < stream.length;) {
    const header = stream[at]!;
    expect(header & 2, 'an OBU with its size').toBe(2);
    let i = at + (header & 4 ? 2 : 1);
    let size = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = stream[i++]!;
      size += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) break;
    }
    parts.push(stream.subarray(at, i + size));
    if ((header >> 3) % 16 === 2 && units++ > 0) parts.push(metadata);
    at = i + size;
  }
  return Buffer.concat(parts);
}

beforeAll(async () => {
  t = await createTestApp();
  work = await mkdtemp(path.join(os.tmpdir(), 'velvet-video-test-'));
  alice = await finishedMember(t, 'alice_video', { city: 'Leeds' });
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  await t.close();
});

describe('a video keeps no location written into its stream', () => {
  it('removes GPS from H.264 SEI user data; the video still plays at its size', async () => {
    ffmpeg(...pattern(['-c:v', 'libx264', '-bsf:v', `h264_metadata=sei_user_data=${UUID}+${GPS}`]), inWork('sei.mp4'));
    const uploaded = await readFile(inWork('sei.mp4'));
    expect(uploaded.includes(GPS)).toBe(true);

    const served = await uploadAndFetch(uploaded, 'sei.mp4', 'video/mp4');
    expect(served.includes(GPS)).toBe(false);
    expect(await playable(served, 'mp4')).toEqual({ codec_name: 'h264', width: 160, height: 120 });
  });

  it('removes GPS from HEVC SEI user data; the video still plays at its size', async () => {
    ffmpeg(...pattern(['-c:v', 'libx265', '-x265-params', 'log-level=error:bframes=0', '-f', 'hevc']), inWork('plain.hevc'));
    await writeFile(inWork('sei.hevc'), withSeiInEveryPicture(await readFile(inWork('plain.hevc')), hevcUserDataSei(GPS)));
    ffmpeg('-framerate', '10', '-i', inWork('sei.hevc'), '-c', 'copy', '-tag:v', 'hvc1', inWork('sei-hevc.mp4'));
    const uploaded = await readFile(inWork('sei-hevc.mp4'));
    expect(uploaded.includes(GPS)).toBe(true);

    const served = await uploadAndFetch(uploaded, 'sei-hevc.mp4', 'video/mp4');
    expect(served.includes(GPS)).toBe(false);
    expect(await playable(served, 'mp4')).toEqual({ codec_name: 'hevc', width: 160, height: 120 });
  });

  it('removes GPS from AV1 metadata OBUs in WebM; the video still plays at its size', async () => {
    ffmpeg(...pattern(['-c:v', 'libaom-av1', '-cpu-used', '8', '-f', 'obu']), inWork('plain.obu'));
    await writeFile(inWork('meta.obu'), withAv1Metadata(await readFile(inWork('plain.obu')), GPS));
    ffmpeg('-framerate', '10', '-i', inWork('meta.obu'), '-c', 'copy', '-f', 'webm', inWork('meta.webm'));
    const uploaded = await readFile(inWork('meta.webm'));
    expect(uploaded.includes(GPS)).toBe(true);

    const served = await uploadAndFetch(uploaded, 'meta.webm', 'video/webm');
    expect(served.includes(GPS)).toBe(false);
    expect(await playable(served, 'webm')).toEqual({ codec_name: 'av1', width: 160, height: 120 });
  });

  it('copies VP9 in WebM, which has no such units, as before', async () => {
    ffmpeg(...pattern(['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-f', 'webm']), inWork('vp9.webm'));
    const served = await uploadAndFetch(await readFile(inWork('vp9.webm')), 'vp9.webm', 'video/webm');
    expect(await playable(served, 'webm')).toEqual({ codec_name: 'vp9', width: 160, height: 120 });
  });
});
