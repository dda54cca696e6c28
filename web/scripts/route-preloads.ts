import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * One route of the app (dist/.vite/route-preloads.json): the chunks its first load needs beyond the
 * entry, and the API requests a signed-in page makes first (src/app/route-data.ts), as URLs.
 */
export interface RoutePreload {
  path: string;
  files: string[];
  data?: string[];
}

/**
 * Writes dist/.vite/route-preloads.json: for each page of the router, the JavaScript chunks it loads
 * on demand (its own chunk and that chunk's static imports), and for a signed-in page also the chunks
 * of the signed-in shell. The server lists them as <link rel="modulepreload"> in the page it sends
 * for that path (server/src/static.ts), so a phone downloads them alongside the entry instead of
 * after the entry has run: one round trip less before the page shows, two for a signed-in page.
 *
 * The routes are read from the router's own lines (`{ path: '/x', ...page(() => import('…'), 'member') }`):
 * the build fails when that misses one, so a rewritten router cannot silently drop the preloads.
 */
export function routePreloads({
  router,
  signedInShell,
  data,
}: {
  router: string;
  signedInShell: string[];
  /** by route path: the URLs of the API requests the page makes first (src/app/route-data.ts) */
  data: Record<string, string[]>;
}): Plugin {
  let root = '';
  return {
    name: 'velvet-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const routerFile = path.resolve(root, router);
      const source = readFileSync(routerFile, 'utf8');
      const pattern = /\{\s*path:\s*'([^']+)',\s*\.\.\.page\(\(\)\s*=>\s*import\('([^']+)'\)(?:,\s*'(member|verified)')?\)\s*\}/g;
      const routes = [...source.matchAll(pattern)].map(([, routePath, spec, guard]) => ({
        routePath: routePath!,
        module: path.resolve(path.dirname(routerFile), spec!),
        signedIn: Boolean(guard),
      }));
      // every page the router loads on demand, or the build fails: a route written in another shape
      // would silently lose its preloads (and a phone a round trip)
      const pages = source.match(/\.\.\.page\(\(\)\s*=>/g)?.length ?? 0;
      if (routes.length === 0 || routes.length !== pages)
        this.error(
          `route-preloads: ${routes.length} of the ${pages} pages of ${router} read; write each as { path: '/x', ...page(() => import('…'), guard) } on one line`,
        );

      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entryFiles = new Set<string>();
      const addClosure = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') for (const imported of chunk.imports) addClosure(imported, into);
      };
      for (const c of chunks) if (c.isEntry) addClosure(c.fileName, entryFiles);
      const bare = (id: string) => id.replace(/\.[jt]sx?$/, '');
      // a page is its own chunk's facade, unless the chunk groups merged it into a shared chunk
      const chunkOf = (modulePath: string) =>
        chunks.find((c) => c.facadeModuleId && bare(c.facadeModuleId) === bare(modulePath)) ??
        chunks.find((c) => c.moduleIds.some((id) => bare(id) === bare(modulePath)));
      const closureOf = (modulePath: string) => {
        const chunk = chunkOf(modulePath);
        if (!chunk) this.error(`route-preloads: no chunk for ${path.relative(root, modulePath)}`);
        const files = new Set<string>();
        addClosure(chunk.fileName, files);
        return [...files].filter((f) => !entryFiles.has(f));
      };
      const shell = signedInShell.flatMap((m) => closureOf(path.resolve(root, m)));

      const unknown = Object.keys(data).filter((p) => !routes.some((r) => r.routePath === p && r.signedIn));
      if (unknown.length > 0) this.error(`route-preloads: data for ${unknown.join(', ')}, which the router has no signed-in page for`);
      const preloads: RoutePreload[] = routes.map((r) => ({
        path: r.routePath,
        files: [...new Set([...closureOf(r.module), ...(r.signedIn ? shell : [])])].map((f) => `/${f}`),
        ...(data[r.routePath] ? { data: data[r.routePath] } : {}),
      }));
      this.emitFile({ type: 'asset', fileName: '.vite/route-preloads.json', source: JSON.stringify(preloads, null, 1) });
    },
  };
}
