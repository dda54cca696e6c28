// The node flags the server process runs with: `npm start` and the benchmarks spawn it alike.

/**
 * With the embedded database (no DATABASE_URL) PostgreSQL lives in the server's own memory, so the
 * JavaScript heap gets a smaller young generation (2 MB semi-spaces instead of up to 16 MB): garbage
 * from a burst of work (2 000 sockets opening) is collected sooner instead of staying resident while
 * the server idles. Measured with 2 000 idle sockets on PGlite: RSS 356 → 286 MB (budget 300 MB),
 * delivery at 60 messages/s no slower (bench/README.md). A PostgreSQL deployment keeps V8's default.
 */
export function serverNodeArgs(env) {
  const args = ['--enable-source-maps'];
  if (!env.DATABASE_URL) args.push('--max-semi-space-size=2');
  return args;
}
