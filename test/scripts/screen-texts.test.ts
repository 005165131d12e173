import { join } from 'node:path';
import { routeManifest, type ManifestRoute } from './web-routes';
import { APP, drawsScreen, namespacesSent, namespacesShown, rootNamespaces } from './screen-texts';

/**
 * A portal page carries only the text namespaces its routes name (web/app/i18n/screen-texts.server.ts),
 * so a component reading a namespace no route of its page sent would show its keys ("loginTitle") to a
 * patient. Each route's screen (its module and what it imports) is read for the namespaces it shows and
 * compared with those sent by the root, its layouts and itself. The staff app is sent every namespace.
 */
interface RouteTexts {
  id: string;
  shown: string[];
  sent: string[];
  own: string[];
}

const portalRoutes = (): RouteTexts[] => {
  const found: RouteTexts[] = [];
  const walk = (routes: ManifestRoute[], inherited: string[]) => {
    for (const route of routes) {
      if (route.id.startsWith('routes/staff+/')) continue;
      const file = join(APP, route.file);
      const own = route.id === 'root' ? rootNamespaces() : namespacesSent(file);
      const sent = [...new Set([...inherited, ...own])].sort();
      if (drawsScreen(file)) found.push({ id: route.id, shown: namespacesShown(file), sent, own });
      walk(route.children ?? [], sent);
    }
  };
  walk(routeManifest(), []);
  return found;
};

describe('each portal page is sent the texts its screen shows', () => {
  const routes = portalRoutes();

  it('reads the screens it checks (Home shows its own namespace, sign-in the sign-in texts)', () => {
    const byId = new Map(routes.map((route) => [route.id, route]));
    expect(byId.get('routes/_portal+/_shell+/home')?.shown).toContain('home');
    expect(byId.get('routes/_portal+/login')?.shown).toContain('auth');
    expect(routes.length).toBeGreaterThan(25);
  });

  it('sends every namespace a screen shows, from the root, a layout it renders inside or itself', () => {
    const missing = routes.flatMap(({ id, shown, sent }) => {
      const lacking = shown.filter((namespace) => !sent.includes(namespace));
      return lacking.length ? [`${id}: ${lacking.join(', ')}`] : [];
    });
    expect(missing).toEqual([]);
  });

  it('sends no route a namespace neither it nor a page inside it shows (each one is JavaScript the page carries)', () => {
    const shownBelow = (id: string) => routes.filter((route) => route.id === id || route.id.startsWith(`${id.replace(/_layout$/, '')}`)).flatMap((route) => route.shown);
    const unused = routes.flatMap(({ id, own }) => {
      if (id === 'root') return [];
      const shown = new Set(shownBelow(id));
      const extra = own.filter((namespace) => !shown.has(namespace));
      return extra.length ? [`${id}: ${extra.join(', ')}`] : [];
    });
    expect(unused).toEqual([]);
  });
});
