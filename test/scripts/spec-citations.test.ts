import { CLEANED, LISTED, NEXT, brokenContractLinks, citesSpec, commentsOf, contractLinks, filesCiting, slug, specCitations } from './spec-citations';

/**
 * Issue 30 "comments cite what the repository holds": the specification is not in the repository,
 * so comments cite docs/contract/ (or docs/decisions.md), never the specification's document and
 * section numbers. Only comments are read: a test's title or a string that names a section is code,
 * not a comment, and is left to the change that owns it.
 */
describe('comments citing the specification', () => {
  it('none in the folders already cleaned', () => {
    expect(specCitations(CLEANED).map((c) => `${c.file}:${c.line}: ${c.text}`)).toEqual([]);
  });

  it('only in the folders allowed for now (test/ is listed), with their counts', () => {
    const remaining = filesCiting([...CLEANED, ...NEXT, ...LISTED]);
    const outside = [...remaining.keys()].filter((file) => ![...NEXT, ...LISTED].some((folder) => file.startsWith(`${folder}/`)));
    expect(outside).toEqual([]);
    const perFolder = Object.fromEntries([...NEXT, ...LISTED].map((folder) => [folder, [...remaining].filter(([file]) => file.startsWith(`${folder}/`)).reduce((sum, [, n]) => sum + n, 0)]));
    console.log(`Comments still citing the specification: ${JSON.stringify(perFolder)}\n${[...remaining].map(([file, n]) => `  ${file} (${n})`).join('\n')}`);
    // A folder with none left leaves the allow-list for CLEANED, so it stays clean.
    expect(NEXT.filter((folder) => perFolder[folder] === 0)).toEqual([]);
  });

  it('every link into docs/contract/ names an existing file and heading', () => {
    expect(brokenContractLinks([...CLEANED, ...NEXT, ...LISTED]).map((c) => `${c.file}:${c.line}: ${c.text}`)).toEqual([]);
  });

  it('cleans the folders the issue names, web/ included, and allows none (test/ listed)', () => {
    expect(CLEANED).toEqual(['db', 'engine', 'automation', 'workflows', 'activities', 'scripts', 'bench', 'api', 'web']);
    expect(NEXT).toEqual([]);
    expect(LISTED).toEqual(['test']);
  });

  it('finds a citation in a comment, across lines too, and not in strings or RFC references (the scan can fail)', () => {
    const source = [
      "// Admin matters (000 §6).",
      '/**',
      ' * Nested shapes of identity (seeds 000',
      ' * §3 and §6).',
      ' */',
      "const title = 'field validators (seeds 000 §5)';",
      'function f() {',
      '  return 1;',
      '  // a last comment before the brace (002 §2.7)',
      '}',
      '/* refresh tokens (RFC 6749 §4.1.3, §6) */',
      '// see docs/contract/access.md#actors',
    ].join('\n');
    const cited = commentsOf(source).filter((comment) => citesSpec(comment.text));
    expect(cited.map((comment) => comment.line)).toEqual([1, 2, 9]);
    expect(citesSpec('// seeds\n// 000 §3')).toBe(true);
    expect(citesSpec('/** 001 §7.7 */')).toBe(true);
    expect(citesSpec('// Seeds 002 §2.15')).toBe(true);
    expect(citesSpec('// the list of §2.13')).toBe(true);
    expect(citesSpec('// docs/contract/portal.md#unsubscribe')).toBe(false);
    expect(citesSpec('// seedStaffTenant fills 000 rows')).toBe(false);
    const jsx = commentsOf('const a = <p>see 002 §2.7 // here</p>; // 002 §2.9', 'view.tsx').filter((comment) => citesSpec(comment.text));
    expect(jsx.map((comment) => comment.text)).toEqual(['// 002 §2.9']);
  });

  it('resolves a comment\'s contract links, shorthand included, by GitHub\'s anchors', () => {
    expect(contractLinks('/** docs/contract/portal.md: #home, #care-plan; validation.md#form-answers and #portal-forms (issue #4) */')).toEqual([
      { file: 'portal.md', anchor: undefined },
      { file: 'portal.md', anchor: 'home' },
      { file: 'portal.md', anchor: 'care-plan' },
      { file: 'validation.md', anchor: 'form-answers' },
      { file: 'validation.md', anchor: 'portal-forms' },
    ]);
    expect(contractLinks('// docs/decisions.md, "Organization scope" #ignored')).toEqual([]);
    expect(contractLinks('// access.md#actors without docs/contract first')).toEqual([]);
    expect(slug('Data, portal pages and analytics')).toBe('data-portal-pages-and-analytics');
    expect(slug('States and transitions')).toBe('states-and-transitions');
  });
});
