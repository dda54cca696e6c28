// Video uploads are remuxed by ffmpeg (server/src/images/process-video.ts): Debian's package,
// installed here when missing (root can), else say how. FFMPEG_PATH / FFPROBE_PATH name another build.
import { spawnSync } from 'node:child_process';

const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';
const ffprobe = process.env.FFPROBE_PATH ?? 'ffprobe';
const works = (bin) => spawnSync(bin, ['-version'], { stdio: 'ignore' }).status === 0;

if (!works(ffmpeg) || !works(ffprobe)) {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    console.error('ffmpeg is missing (video uploads need it). Install it with: sudo apt-get update && sudo apt-get install -y ffmpeg');
    process.exit(1);
  }
  console.log('Installing ffmpeg from Debian (apt-get)...');
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (
    run(['update', '-qq']).status !== 0 ||
    run(['install', '-y', '-qq', '--no-install-recommends', 'ffmpeg']).status !== 0 ||
    !works(ffmpeg)
  ) {
    console.error('Could not install ffmpeg. Install it with: apt-get update && apt-get install -y ffmpeg');
    process.exit(1);
  }
}
