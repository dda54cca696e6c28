export const TAGLINE = 'Swipe • Connect • Swing';
export const DEFAULT_SITE_NAME = 'Velvet';
