import { cyclesIn, declaredBy, fileCyclesIn, fileEdges, importsOf, manifestOf, workspaceEdges, WORKSPACES } from './package-graph';

/**
 * Declared but never imported, on purpose: loaded by a tool or a library rather than by our code.
 * Anything else declared and unused is dead weight and fails the test.
 */
const LOADED_BY_OTHERS: Record<string, Record<string, string>> = {
  db: { 'reflect-metadata': "typeorm's peer dependency, required by typeorm itself" },
  web: {
    '@emotion/styled': "@mui/joy's peer dependency",
    '@tiptap/pm': "@tiptap/react's and @tiptap/starter-kit's peer dependency (ProseMirror), for the staff app's rich-text editor",
    isbot: "Remix's default entry.server imports it",
    '@remix-run/dev': 'the portal build (remix vite:build)',
    vite: 'the portal build',
    'remix-flat-routes': "the portal's route convention, read by vite.config.ts (web/app/routes in one `+` folder per app)",
    typescript: 'the portal type-check (tsc --noEmit)',
    '@zoom/meetingsdk': "the video call page's Zoom client: its prebuilt files are served by web/app/routes/_public+/_resources+/zoom-sdk.$.ts (resolved by path, never imported)",
  },
};

describe('the package graph', () => {
  const workspaces = Object.keys(WORKSPACES);

  it("no workspace imports another workspace's src/ files: only its package entry and declared subpath exports", () => {
    const deep = workspaces.flatMap((w) => importsOf(w)).filter((i) => /^@carelane\/[^/]+\/src\//.test(i.specifier));
    expect(deep.map((i) => `${i.file}: ${i.specifier}`)).toEqual([]);
  });

  it('each workspace declares every workspace and library it imports', () => {
    // The root's devDependencies are the test toolchain (jest, the reference client, Temporal's
    // test server, playwright), so tests may use them without declaring them again.
    const toolchain = declaredBy('.');
    const undeclared = workspaces.flatMap((w) => {
      const declared = declaredBy(w);
      const own = manifestOf(w).name;
      return importsOf(w)
        .filter((i) => i.pkg !== own && !declared.has(i.pkg) && !(w === 'test' && toolchain.has(i.pkg)))
        .map((i) => `${w} (${i.file}) imports ${i.pkg}`);
    });
    expect([...new Set(undeclared)]).toEqual([]);
  });

  it('each workspace declares nothing it does not use', () => {
    const unused = workspaces.flatMap((w) => {
      const used = new Set(importsOf(w).map((i) => i.pkg));
      return [...declaredBy(w)]
        .filter((pkg) => !pkg.startsWith('@types/') && !used.has(pkg) && !LOADED_BY_OTHERS[w]?.[pkg])
        .map((pkg) => `${w} declares ${pkg}`);
    });
    expect(unused).toEqual([]);
  });

  it('has no cycle: the workflows import the activities (for their types) and never the reverse', () => {
    const edges = workspaceEdges();
    expect(cyclesIn(edges)).toEqual([]);
    expect(edges.get('activities')?.has('workflows')).toBe(false);
    // The shared pure code (conditions, exchanged shapes) is its own workspace both import.
    expect(edges.get('activities')?.has('automation')).toBe(true);
    expect(edges.get('workflows')?.has('automation')).toBe(true);
  });

  it('no workspace has a file-level import cycle (one closed only by `import type` counts too)', () => {
    // Shared types live in a file of their own (engine/src/engine-types.ts, web/app/root-data.ts).
    expect(Object.keys(WORKSPACES).flatMap((w) => fileCyclesIn(fileEdges(w)))).toEqual([]);
  });

  it('finds a deep import, an undeclared import and a cycle when there is one (the checks can fail)', () => {
    expect(cyclesIn(new Map([['a', new Set(['b'])], ['b', new Set(['a'])]]))).toContain('a -> b -> a');
    expect(cyclesIn(new Map([['a', new Set(['b'])], ['b', new Set<string>()]]))).toEqual([]);
    const files = new Map([['x.ts', new Set(['y.ts'])], ['y.ts', new Set(['z.ts'])], ['z.ts', new Set(['x.ts'])], ['w.ts', new Set(['x.ts'])]]);
    expect(fileCyclesIn(files)).toEqual(['x.ts <-> y.ts <-> z.ts']);
    expect(fileCyclesIn(new Map([['x.ts', new Set(['y.ts'])], ['y.ts', new Set<string>()]]))).toEqual([]);
  });
});
