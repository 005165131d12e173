/**
 * The workspaces' import graph, read from their sources: which packages each workspace imports,
 * what its package.json declares, and the workspace-to-workspace edges. Used by
 * package-graph.test.ts to keep the graph honest (no deep `src/` imports, declared dependencies,
 * no cycle between workspaces, and none between the files of one workspace).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

/** Each workspace and the folders holding its code (tests beside the code count too). */
export const WORKSPACES: Record<string, string[]> = {
  db: ['db/src'],
  engine: ['engine/src'],
  automation: ['automation/src'],
  api: ['api/src'],
  workflows: ['workflows/src'],
  activities: ['activities/src'],
  web: ['web/app', 'web/serve'],
  test: ['test'],
};

const SOURCE = /\.(ts|tsx|js|cjs|mjs)$/;
const SPECIFIERS = [
  /(?:^|;)\s*(?:import|export)\s[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm, // import or export ... from a specifier
  /^\s*import\s*['"]([^'"]+)['"]/gm, // a bare side-effect import
  /\b(?:import|require|require\.resolve)\s*\(\s*['"]([^'"]+)['"]\s*[,)]/g, // import(), require() and require.resolve() of a specifier
];
const BUILTINS = new Set(builtinModules);

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'build' || name.startsWith('.')) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : SOURCE.test(name) ? [path] : [];
  });

/** The package a bare specifier names ('@scope/name' or 'name'), or null for relative and built-in ones. */
export const packageOf = (specifier: string): string | null => {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  if (specifier.startsWith('~/')) return null; // the portal's own alias for web/app
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return BUILTINS.has(name) ? null : name;
};

export interface Import { file: string; specifier: string; pkg: string }

export const importsOf = (workspace: string): Import[] =>
  WORKSPACES[workspace].flatMap((dir) => filesUnder(join(ROOT, dir))).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return SPECIFIERS.flatMap((pattern) => [...text.matchAll(pattern)]).flatMap(([, specifier]) => {
      const pkg = packageOf(specifier);
      return pkg ? [{ file: relative(ROOT, file), specifier, pkg }] : [];
    });
  });

export const manifestOf = (workspace: string | '.') =>
  JSON.parse(readFileSync(join(ROOT, workspace, 'package.json'), 'utf8')) as {
    name: string;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };

export const declaredBy = (workspace: string | '.') => {
  const manifest = manifestOf(workspace);
  return new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]);
};

/** Workspace name by package name ('@carelane/db' -> 'db'). */
export const workspaceByPackage = new Map(Object.keys(WORKSPACES).map((w) => [manifestOf(w).name, w]));

/** The workspace edges (importer -> imported), from every import including type-only ones. */
export const workspaceEdges = () =>
  new Map(Object.keys(WORKSPACES).map((w) => [
    w,
    new Set(importsOf(w).map((i) => workspaceByPackage.get(i.pkg)).filter((x): x is string => !!x && x !== w)),
  ]));

/** Every cycle's path (as 'a -> b -> a'), found by a depth-first walk. */
export const cyclesIn = (edges: Map<string, Set<string>>): string[] => {
  const cycles = new Set<string>();
  const walk = (node: string, path: string[]) => {
    for (const next of edges.get(node) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) cycles.add([...path.slice(at), next].join(' -> '));
      else walk(next, [...path, next]);
    }
  };
  for (const start of edges.keys()) walk(start, [start]);
  return [...cycles];
};

/** Specifiers that load another file: static imports and re-exports (type-only ones too), import() and require(). */
const LOADS = [SPECIFIERS[0], SPECIFIERS[1], /\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*[,)]/g];
const EXTENSIONS = ['.ts', '.tsx', '.js', '.cjs', '.mjs'];

/** The file a relative specifier names ('./x' -> x.ts, x.tsx or x/index.ts ...), or null when it is no source file of ours. */
const resolveFile = (from: string, specifier: string): string | null => {
  const base = specifier.startsWith('~/') ? join(ROOT, 'web/app', specifier.slice(2)) : join(from, '..', specifier);
  const bases = [base, base.replace(/\.(c|m)?js$/, '')];
  for (const candidate of bases.flatMap((b) => [b, ...EXTENSIONS.map((e) => b + e), ...EXTENSIONS.map((e) => join(b, `index${e}`))])) {
    try {
      if (SOURCE.test(candidate) && statSync(candidate).isFile()) return candidate;
    } catch {
      // not this candidate
    }
  }
  return null;
};

/** A workspace's files (relative to the root) and the files of the same workspace each one loads. */
export const fileEdges = (workspace: string) => {
  const edges = new Map<string, Set<string>>();
  for (const file of WORKSPACES[workspace].flatMap((dir) => filesUnder(join(ROOT, dir)))) {
    const text = readFileSync(file, 'utf8');
    const targets = LOADS.flatMap((pattern) => [...text.matchAll(pattern)])
      .map(([, specifier]) => (specifier.startsWith('.') || specifier.startsWith('~/') ? resolveFile(file, specifier) : null))
      .filter((target): target is string => !!target && target !== file);
    edges.set(relative(ROOT, file), new Set(targets.map((target) => relative(ROOT, target))));
  }
  return edges;
};

/**
 * The groups of files that import each other, directly or around a loop (the strongly connected
 * components with more than one file), each as its files sorted and joined by ' <-> '.
 */
export const fileCyclesIn = (edges: Map<string, Set<string>>): string[] => {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort().join(' <-> '));
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return groups.sort();
};
