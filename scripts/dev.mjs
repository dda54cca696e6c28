// npm run dev: the API server restarting on change, and Vite with hot reload on http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'src/main.ts'], { cwd: 'server', stdio: 'inherit' }),
  spawn('npx', ['vite'], { cwd: 'web', stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
