/** Bundles the server into server/dist/main.mjs (build-server.mjs); resolves to that file's path. */
export function buildServer(): Promise<string>;
