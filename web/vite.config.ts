import { vitePlugin as remix } from '@remix-run/dev';
import { flatRoutes } from 'remix-flat-routes';
import { defineConfig } from 'vite';
import { portalChunks } from './portal-chunks';

declare module '@remix-run/node' {
  // Single fetch: loaders and actions return plain objects (or `data()`), typed end to end.
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * bench/portal builds the portal into a directory of its own with this set: that build also serves
 * the benchmark's baseline pages (app/bench/portal-baseline.tsx), which a production build never has.
 */
const benchBuildDirectory = process.env.PORTAL_BENCH_BUILD_DIRECTORY;
/**
 * A build of one's own (PORTAL_BUILD_DIRECTORY, read by test/support/portal-server.ts too), so one
 * engineer's build never swaps web/build under another's running browser tests.
 */
const buildDirectory = benchBuildDirectory ?? process.env.PORTAL_BUILD_DIRECTORY;

export default defineConfig(({ isSsrBuild }) => ({
  // The browser build's chunks (portal-chunks.ts); the server build is one bundle and keeps Vite's own.
  build: isSsrBuild ? {} : { rollupOptions: { output: { manualChunks: portalChunks() } } },
  plugins: [
    remix({
      ...(buildDirectory ? { buildDirectory } : {}),
      // Routes live in one folder per app, as epic-stack keeps them (remix-flat-routes' `+` folders:
      // `_portal+/_shell+/home.tsx` is the route `_portal._shell.home`, so a folder adds no URL segment
      // of its own unless its name has one); Remix's own convention would read only flat files.
      ignoredRouteFiles: ['**/*'],
      routes: async (defineRoutes) => ({
        ...flatRoutes('routes', defineRoutes, { ignoredRouteFiles: ['**/.*', '**/*.server.*', '**/*.test.*'] }),
        ...(benchBuildDirectory ? defineRoutes((route) => route('bench-baseline/:page', 'bench/portal-baseline.tsx')) : {}),
      }),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        // The dev server scans the routes for dependencies when it starts, so the first page load
        // does not discover Joy UI piece by piece and reload (which can leave two Reacts in the page).
        unstable_optimizeDeps: true,
      },
    }),
  ],
  ssr: {
    // Joy UI and its @mui siblings publish directory entry points (`@mui/joy/styles`) that Node's ESM
    // loader cannot import, so they are bundled into the server build; emotion stays external so the
    // app and Joy share one emotion instance.
    noExternal: [/^@mui\//],
  },
}));
