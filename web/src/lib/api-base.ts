/** Where the API's routes are served, on the page's own origin. */
export const API_BASE = '/api/v1';
