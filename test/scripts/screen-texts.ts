/**
 * Which of the portal's text namespaces each route's screen can show, and which its loaders send
 * (web/app/i18n/screen-texts.server.ts): used by screen-texts.test.ts. A route's screen is its module
 * and every module of web/app it imports at run time (type-only imports and *.server.* modules aside:
 * those never reach the browser). Its texts are the namespaces those modules name in
 * useTranslation(...), useNamespaceTexts(...) or `{ ns: '...' }`, read for the document's title
 * (`metaCatalogue(matches).<namespace>`) or from the root's loader data (`root?.messages.<namespace>`,
 * as the error screens do). A route is sent the namespaces named in a `screenTexts(request, [...])`
 * call of its own module or of a route it renders inside.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { WEB } from './web-routes';

const APP = join(WEB, 'app');

const resolveImport = (from: string, specifier: string): string | undefined => {
  const base = join(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((path) => existsSync(path) && /\.tsx?$/.test(path));
};

/** The relative imports a module makes at run time. */
const runtimeImports = (file: string): string[] => {
  const text = readFileSync(file, 'utf8');
  const imports = [...text.matchAll(/^\s*import\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]/gm)];
  const exported = [...text.matchAll(/^\s*export\s+(type\s+)?[^'";]*?\s+from\s+['"](\.[^'"]+)['"]/gm)];
  return [...imports, ...exported]
    .filter((match) => !match[1])
    .map((match) => resolveImport(file, match[2]!))
    .filter((path): path is string => !!path && !/\.server\.tsx?$/.test(path));
};

/** Namespaces a module's own code reads: useTranslation('a'), useTranslation(['a', 'b']), t('key', { ns: 'a' }), useNamespaceTexts('a'). */
const namespacesNamed = (file: string): string[] => {
  const text = readFileSync(file, 'utf8');
  const single = [...text.matchAll(/use(?:Translation|NamespaceTexts)\(\s*'(\w+)'/g)].map((match) => match[1]!);
  const listed = [...text.matchAll(/useTranslation\(\s*\[([^\]]*)\]/g)].flatMap((match) => [...match[1]!.matchAll(/'(\w+)'/g)].map((name) => name[1]!));
  const byOption = [...text.matchAll(/\bns:\s*'(\w+)'/g)].map((match) => match[1]!);
  const inTitle = [...text.matchAll(/metaCatalogue\(\w+\)\.(\w+)/g)].map((match) => match[1]!);
  const fromRootData = [...text.matchAll(/\?\.messages\.(\w+)/g)].map((match) => match[1]!);
  return [...single, ...listed, ...byOption, ...inTitle, ...fromRootData];
};

/** The namespaces a route module's screen may show (its module and what it imports at run time), sorted. */
export const namespacesShown = (routeFile: string): string[] => {
  const seen = new Set<string>();
  const names = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const name of namespacesNamed(file)) names.add(name);
    for (const next of runtimeImports(file)) visit(next);
  };
  visit(routeFile);
  return [...names].sort();
};

/** The namespaces a route module's loader sends: every `screenTexts(request, [...])` call in the module. */
export const namespacesSent = (routeFile: string): string[] => {
  const text = readFileSync(routeFile, 'utf8');
  return [...text.matchAll(/screenTexts\([^,()]+,\s*\[([^\]]*)\]/g)].flatMap((match) => [...match[1]!.matchAll(/'(\w+)'/g)].map((name) => name[1]!)).sort();
};

/** The namespaces the root's loader sends every portal page: ROOT_NAMESPACES of web/app/i18n/screen-texts.server.ts. */
export const rootNamespaces = (): string[] => {
  const text = readFileSync(join(APP, 'i18n', 'screen-texts.server.ts'), 'utf8');
  const list = /ROOT_NAMESPACES = \[([^\]]*)\]/.exec(text)?.[1];
  if (list === undefined) throw new Error('ROOT_NAMESPACES is not a list in web/app/i18n/screen-texts.server.ts');
  return [...list.matchAll(/'(\w+)'/g)].map((match) => match[1]!).sort();
};

/** Whether a route module draws a screen (a default export) rather than answering data or a file. */
export const drawsScreen = (routeFile: string) => /^export default\b/m.test(readFileSync(routeFile, 'utf8'));

/** A module's path for messages: relative to web/app. */
export const appPath = (file: string) => relative(APP, file);
export { APP };
