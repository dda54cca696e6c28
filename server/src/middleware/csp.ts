import { createHash, randomBytes } from 'node:crypto';

export { CSP_NONCE_PLACEHOLDER } from '@velvet/core/constants/csp';

/** A fresh nonce for one page: 128 random bits. */
export const newNonce = () => randomBytes(16).toString('base64');

/** The CSP source for one exact inline `<style>` text. */
export const styleHash = (css: string) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;

/** The WebSocket origin of an http(s) URL (ws: for http:, wss: for https:): the realtime socket of that site. */
export function webSocketOrigin(url: string): string {
  const { protocol, host } = new URL(url);
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}`;
}

/**
 * The Content-Security-Policy of the app's own HTML pages: scripts only from the site's own files
 * (no inline script, no eval), no plugins, no <base>, never framed. Beyond that, what the web app
 * truly needs, and no more:
 * - style-src: the built CSS file ('self'), plus `styles` (a page's nonce: Radix dialogs add a
 *   <style> element to lock scrolling, which carries it; or the hash of a page's own <style>);
 * - img-src: its own images, plus data: (the two-factor QR code) and blob: (a photo's preview
 *   before it is uploaded);
 * - connect-src: the API ('self') and the realtime WebSocket (`connect`; 'self' covers ws: to the
 *   same host in CSP Level 3, named here too for browsers that do not).
 * Fonts, the manifest and the service worker fall back to default-src 'self'.
 */
export function contentSecurityPolicy({ styles = [], connect = [] }: { styles?: string[]; connect?: string[] } = {}): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", ...styles]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['connect-src', ["'self'", ...connect]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}
