// Imported before hydration on purpose: emotion's default browser cache is created on import, and
// it registers the styles the server put in <head> (see entry.server.tsx) so they are not inserted twice.
import '@emotion/react';
import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { quietSupersededNavigations } from './superseded-navigation';

quietSupersededNavigations();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
