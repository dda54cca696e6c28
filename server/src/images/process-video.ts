import { spawn } from 'node:child_process';
import { messages } from '@velvet/core/messages';
import { AppError } from '../middleware/errors';
import { createLimiter } from '../lib/limiter';

/**
 * Videos are remuxed by ffmpeg (Debian's package: `.ci/run`, scripts/ensure-ffmpeg.mjs; or the
 * binary named by FFMPEG_PATH / FFPROBE_PATH). Nothing is re-encoded: the streams are copied into a
 * fresh container with no metadata at all (phones write the place a video was taken into it), and
 * only the first video and audio streams survive (no data tracks: GPS tracks ride in those). The
 * work runs in child processes reading and writing files, so the server never holds a video in
 * memory; at most VIDEO_JOBS_AT_ONCE run at once. A stream copy keeps whatever the codec's own
 * bitstream carries beside the pictures, so that is filtered too (STRIP_UNITS).
 */
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
const FFPROBE = process.env.FFPROBE_PATH ?? 'ffprobe';
const VIDEO_JOBS_AT_ONCE = 2;
const JOB_TIMEOUT_MS = 120_000;
const jobs = createLimiter(VIDEO_JOBS_AT_ONCE);

const unreadable = () => new AppError(400, 'UNREADABLE_VIDEO', messages.content.unreadableVideo);
const unavailable = () => new AppError(503, 'VIDEO_UNAVAILABLE', messages.content.videoUnavailable);

/** The containers a video may arrive in (by its bytes) and the one it is stored in. */
export type VideoType = 'video/mp4' | 'video/webm' | 'video/quicktime';
const OUTPUT: Record<VideoType, { format: string; contentType: string; ext: string; extra: string[] }> = {
  'video/mp4': { format: 'mp4', contentType: 'video/mp4', ext: 'mp4', extra: ['-movflags', '+faststart'] },
  'video/quicktime': { format: 'mp4', contentType: 'video/mp4', ext: 'mp4', extra: ['-movflags', '+faststart'] },
  'video/webm': { format: 'webm', contentType: 'video/webm', ext: 'webm', extra: [] },
};
/**
 * The units of a video stream that carry data beside the pictures, removed by ffmpeg's filter_units
 * (keyed by ffprobe's codec_name; `-map_metadata -1` does not reach inside the stream). Cameras,
 * dashcams and drones write GPS as SEI user data: H.264's SEI NAL units are type 6, HEVC's 39
 * (prefix) and 40 (suffix); AV1's metadata OBUs (type 5) carry ITU-T T.35 and private user data.
 * HDR mastering-display and light-level messages go with them; the picture does not change. A list
 * is written with `|`: filter_units reads `a-b` as a to b-1. VP8 and VP9 have no such units (their
 * metadata lives in the container, dropped above), and no other codec has a filter here.
 * Not reached: the codec's extradata, which filter_units writes back as it found it. H.264's avcC
 * holds only parameter sets, but HEVC's hvcC and AV1's av1C may hold SEI / metadata units too (x265
 * puts its settings there), and those survive.
 */
const STRIP_UNITS: Partial<Record<string, string>> = {
  h264: 'filter_units=remove_types=6',
  hevc: 'filter_units=remove_types=39|40',
  av1: 'filter_units=remove_types=5',
};

/** ffprobe's format names that agree with each type's magic bytes. */
const PROBED_FORMAT: Record<VideoType, RegExp> = {
  'video/mp4': /\bmp4\b|\bmov\b/,
  'video/quicktime': /\bmov\b|\bmp4\b/,
  'video/webm': /\bwebm\b|\bmatroska\b/,
};

interface Run {
  code: number | null;
  stdout: Buffer;
}

function run(bin: string, args: string[], maxStdout = 16 * 1024 * 1024): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => child.kill('SIGKILL'), JOB_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxStdout) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(err.code === 'ENOENT' ? unavailable() : err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(chunks) });
    });
  });
}

export interface VideoInfo {
  width: number;
  height: number;
  durationMs: number;
}

interface Probe {
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number }[];
  format?: { format_name?: string; duration?: string };
}

/** The video's size and length, and its codec as ffprobe names it. */
async function probe(file: string, type: VideoType): Promise<{ info: VideoInfo; codec: string }> {
  const out = await run(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  if (out.code !== 0) throw unreadable();
  let parsed: Probe;
  try {
    parsed = JSON.parse(out.stdout.toString('utf8')) as Probe;
  } catch {
    throw unreadable();
  }
  const video = parsed.streams?.find((s) => s.codec_type === 'video');
  const duration = Number(parsed.format?.duration);
  if (!video?.width || !video.height || !PROBED_FORMAT[type].test(parsed.format?.format_name ?? '')) throw unreadable();
  if (!Number.isFinite(duration) || duration <= 0) throw unreadable();
  const info = { width: video.width, height: video.height, durationMs: Math.round(duration * 1000) };
  return { info, codec: video.codec_name ?? '' };
}

export interface ProcessedVideo extends VideoInfo {
  contentType: string;
  ext: string;
  /** the first frame worth showing, as PNG (to be re-encoded like every image) */
  poster: Buffer;
}

/**
 * Checks `input` is a readable video of `type` and writes it to `output` without metadata; returns
 * its size, length and a poster frame. A file ffmpeg cannot read through (not a video, truncated)
 * is the member's mistake: 400.
 */
export function processVideo(input: string, output: string, type: VideoType): Promise<ProcessedVideo> {
  return jobs.run(async () => {
    const { codec } = await probe(input, type);
    const o = OUTPUT[type];
    const strip = STRIP_UNITS[codec];
    const remux = await run(FFMPEG, [
      '-v',
      'error',
      '-nostdin',
      '-xerror',
      '-y',
      '-i',
      input,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-map_metadata',
      '-1',
      '-map_metadata:s',
      '-1',
      '-map_chapters',
      '-1',
      '-c',
      'copy',
      ...(strip ? ['-bsf:v', strip] : []),
      '-fflags',
      '+bitexact',
      '-flags:v',
      '+bitexact',
      '-flags:a',
      '+bitexact',
      ...o.extra,
      '-f',
      o.format,
      output,
    ]);
    if (remux.code !== 0) throw unreadable();
    // the stored file is what members get: probe it again, and take the poster from it
    const { info } = await probe(output, type === 'video/webm' ? 'video/webm' : 'video/mp4');
    const at = Math.min(1, info.durationMs / 2000).toFixed(3);
    const frame = await run(FFMPEG, [
      '-v',
      'error',
      '-nostdin',
      '-ss',
      at,
      '-i',
      output,
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      '-',
    ]);
    if (frame.code !== 0 || frame.stdout.length === 0) throw unreadable();
    return { ...info, contentType: o.contentType, ext: o.ext, poster: frame.stdout };
  });
}
