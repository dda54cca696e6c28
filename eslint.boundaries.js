// The house's walls (DESIGN.md §4), as lint rules: a forbidden import fails `npm run lint`.
// server/test/boundaries.test.ts proves each wall holds.
const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** Server plumbing: the pieces every module stands on. */
export const PLUMBING = ['db', 'middleware', 'realtime', 'storage', 'mail', 'auth', 'config', 'images', 'geo', 'lib'];

export default [
  {
    // core is shared by both sides, so it imports neither
    files: ['core/**/*.ts'],
    rules: rule([
      {
        group: ['**/server/**', '**/web/**', '@velvet/server', '@velvet/server/**', '@velvet/web', '@velvet/web/**'],
        message: 'core imports neither the server nor the web app.',
      },
    ]),
  },
  {
    // the web app talks to the server over HTTP only
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    rules: rule([
      {
        group: ['**/server/**', '@velvet/server', '@velvet/server/**'],
        message: 'The web app never imports server code: it calls the API.',
      },
    ]),
  },
  {
    // plumbing never reaches up into a feature module
    files: PLUMBING.map((dir) => `server/src/${dir}/**/*.ts`),
    rules: rule([{ group: ['**/modules/**'], message: 'Server plumbing (db, middleware, realtime, …) never imports a module.' }]),
  },
  {
    // a module reaches another only through that module's public file (<area>.public.ts)
    files: ['server/src/modules/**/*.ts'],
    ignores: ['server/src/modules/**/*.test.ts'],
    rules: rule([
      {
        group: ['../*/*', '!../*/*.public', '!../../**', '../../modules/**'],
        message: "A module reaches another only through its public file: import '../<area>/<area>.public'.",
      },
    ]),
  },
];
