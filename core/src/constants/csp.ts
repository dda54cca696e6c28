/**
 * What the web app's build writes where each page load's style nonce goes (Vite's `html.cspNonce`:
 * the `nonce` of its tags and of `<meta property="csp-nonce">`); the server puts a fresh nonce in its
 * place for every page it serves, and names it in the page's Content-Security-Policy.
 */
export const CSP_NONCE_PLACEHOLDER = 'VELVET_CSP_NONCE';
