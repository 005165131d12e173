import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';

declare module '@remix-run/node' {
  // Single fetch: loaders and actions return plain objects (or `data()`), typed end to end.
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    remix({
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
});
