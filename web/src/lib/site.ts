import { DEFAULT_SITE_NAME } from '@velvet/core/constants/site';

/** The configurable site name (VITE_SITE_NAME at build time; the server's SITE_NAME names mail). */
export const siteName: string = import.meta.env.VITE_SITE_NAME || DEFAULT_SITE_NAME;
