import { z } from 'zod';
import { setNonce } from 'get-nonce';

// The server's Content-Security-Policy allows no eval. Zod compiles a fast path for object schemas
// with `new Function` when it may, and probes whether it may by trying: a probe that a strict policy
// reports as a violation even though zod catches it. Without the JIT zod never probes. This runs
// before any schema is made: main.tsx imports this module first, and every schema is in a chunk
// loaded on demand after the entry has run (vite.config.ts keeps zod's config in the entry).
z.config({ jitless: true });

/**
 * Hands this page's style nonce to the code that adds <style> elements at run time (Radix dialogs
 * lock scrolling with one, through react-style-singleton): under the server's policy an inline
 * style needs it. The server writes a fresh nonce for every load of the page into
 * `<meta property="csp-nonce">` (Vite's `html.cspNonce`); browsers hide a `nonce` attribute from the
 * page's markup and CSS, so it is read from the element's `nonce` property.
 */
export function adoptStyleNonce(doc: Document = document) {
  const nonce = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
  if (nonce) setNonce(nonce);
}
