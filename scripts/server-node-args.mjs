// The node flags the server process runs with: `npm start` and the benchmarks spawn it alike.

/**
 * With the embedded database (no DATABASE_URL) PostgreSQL lives in the server's own memory, so the
 * JavaScript heap gets a smaller young generation (2 MB semi-spaces instead of up to 16 MB): garbage
 * from a burst of work (2 000 sockets opening) is collected sooner instead of staying resident while
 * the server idles. Measured with 2 000 idle sockets on PGlite: RSS 356 → 286 MB (budget 300 MB),
 * delivery at 60 messages/s no slower (bench/README.md).
 *
 * On PostgreSQL the young generation may grow to 32 MB semi-spaces instead: a busy server holds
 * every request in flight while it waits for the database (at 50 concurrent lists, 2–3 MB that
 * survive each collection), so each young collection costs about the same whatever its size, and
 * fewer of them cost less. Measured on the discovery bench (Who's Near and Name Search, --trace-gc-nvp):
 * 241 young collections for 3.1 GB allocated, 1.8 s of pauses, against 144 for 3.6 GB and 0.9 s.
 * What it costs: RSS with 2 000 idle sockets 214 → 261 MB (bench/messaging-delivery.mjs, budget 300 MB).
 */
export function serverNodeArgs(env) {
  const args = ['--enable-source-maps'];
  args.push(env.DATABASE_URL ? '--max-semi-space-size=32' : '--max-semi-space-size=2');
  return args;
}

/**
 * The environment the server process starts with: `env`, plus a fixed malloc mmap threshold unless
 * the operator set one. glibc raises its threshold each time a large block is freed, so after the
 * first image upload the big pixel buffers of the next decodes (libvips: about 100 MB for a 40 MP
 * photo) come from per-thread arenas and stay resident once freed. Eight 6300×6300 PNGs uploaded at
 * once then left the server at 600–700 MB; with the threshold fixed at glibc's own starting value
 * (128 KiB) every large buffer is mapped and returned when freed: peak under 400 MB, back to about
 * 260 MB after (bench/upload-burst.mjs, bench/README.md). Read by glibc at start-up only; other C
 * libraries (musl) ignore it.
 */
export function serverEnv(env) {
  return { MALLOC_MMAP_THRESHOLD_: '131072', ...env };
}
