/** Registers the service worker in production builds (it makes the app installable). */
export function registerServiceWorker() {
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    window.addEventListener('load', () => {
      navigator.serviceWorker.register('/sw.js').catch(() => {
        /* installability is a bonus; the app works without it */
      });
    });
  }
}
