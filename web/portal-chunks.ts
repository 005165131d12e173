/**
 * How the browser build groups the packages' code (web/vite.config.ts). Rollup's own grouping gives
 * each set of routes sharing a module a chunk of its own, and the portal's Joy UI components are
 * shared by routes in so many combinations that Home loaded 47 files, many under a kilobyte, each
 * compressed alone. Here the package code every portal page loads (the browser's entry, the root and
 * Landing) is one chunk, `portal-base`, and what the signed-in shell and Home add is another,
 * `portal-shell`: files that compress as one (issue 13's 150 KB of JavaScript on Landing and Home).
 * Every other package module is named a chunk by its package (Joy's and MUI Base's by component),
 * because Rollup moves into a named chunk each dependency not named a chunk of its own, and staff-only
 * components would otherwise ride along with every portal page.
 */
type ModuleInfo = { importers: readonly string[] } | null;
type ModuleInfoOf = (id: string) => ModuleInfo;

const BASE_ROUTES = [/\/app\/entry\.client\.tsx$/, /\/app\/root\.tsx$/, /\/routes\/_portal\+\/_index\.tsx$/];
const SHELL_ROUTES = [/\/routes\/_portal\+\/_shell\+\/_layout\.tsx$/, /\/routes\/_portal\+\/_shell\+\/home\.tsx$/];

/**
 * Joy's and MUI Base's main indexes re-export every component, and their own modules import through
 * them: importing through one does not make every component needed.
 */
const EVERYTHING_INDEX = /\/node_modules\/@mui\/(joy|base)\/index\.js$/;

const PACKAGE_PATH = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:esm\/|modern\/|node\/)?([^/?]+)/;

/** Packages chunked by their first folder (one component each) rather than kept whole. */
const SPLIT_BY_FOLDER = new Set(['@mui/joy', '@mui/base']);

const cleanId = (id: string) => id.replace(/^\0/, '').split('?')[0]!;

/** Whether modules are imported, directly or through others, by one of some routes. */
const reachFrom = (routes: RegExp[]) => {
  const known = new Map<string, boolean>();
  const reached = (id: string, info: ModuleInfoOf, walking: Set<string>): boolean => {
    const answer = known.get(id);
    if (answer !== undefined) return answer;
    if (routes.some((route) => route.test(cleanId(id)))) return true;
    if (walking.has(id)) return false;
    walking.add(id);
    const found = (info(id)?.importers ?? []).some((importer) => !EVERYTHING_INDEX.test(cleanId(importer)) && reached(importer, info, walking));
    walking.delete(id);
    // "Not reached" found while an importer was still being walked may change once that walk ends.
    if (found || walking.size === 0) known.set(id, found);
    return found;
  };
  return (id: string, info: ModuleInfoOf) => reached(id, info, new Set());
};

export const portalChunks = () => {
  const fromBase = reachFrom(BASE_ROUTES);
  const fromShell = reachFrom(SHELL_ROUTES);
  return (id: string, { getModuleInfo }: { getModuleInfo: ModuleInfoOf }): string | undefined => {
    const file = cleanId(id);
    if (!file.includes('/node_modules/')) return undefined;
    if (fromBase(id, getModuleInfo)) return 'portal-base';
    if (fromShell(id, getModuleInfo)) return 'portal-shell';
    const [, name, folder] = PACKAGE_PATH.exec(file) ?? [];
    if (!name) return undefined;
    return SPLIT_BY_FOLDER.has(name) && folder && !folder.includes('.') ? `${name}-${folder}` : name;
  };
};
