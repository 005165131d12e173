/**
 * Comments cite what the repository holds (issue 30). The product specification lives outside the
 * repository, so a comment citing it by document number and section sign (the three documents are
 * numbered 000 to 002) sends the reader nowhere; comments cite docs/contract/ (or docs/decisions.md) instead. This scans
 * the comments of the TypeScript sources (strings and code are not comments and are not read) for
 * such citations, and for links into docs/contract/ whose file or anchor does not exist. Used by
 * spec-citations.test.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const ROOT = join(__dirname, '..', '..');
export const CONTRACT = 'docs/contract';

/** Folders whose comments no longer cite the specification: a citation here fails the test. */
export const CLEANED = ['db', 'engine', 'automation', 'workflows', 'activities', 'scripts', 'bench', 'api', 'web'];
/**
 * Folders still citing it, allowed for now: their comments move to docs/contract/, then the folder
 * moves to CLEANED. None is left (web/ was the last, issue 30).
 */
export const NEXT: string[] = [];
/**
 * Scanned and listed, not enforced yet: test/'s committed comments were rewritten with the folders
 * above, but browser tests written alongside work in progress may still cite the specification.
 */
export const LISTED = ['test'];

const SKIPPED = new Set(['node_modules', 'build', 'dist', 'coverage', '.cache']);

const sourcesUnder = (dir: string): string[] =>
  !existsSync(dir)
    ? []
    : readdirSync(dir).flatMap((name) => {
        if (SKIPPED.has(name)) return [];
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return sourcesUnder(path);
        return /\.(ts|tsx|mts|cts)$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
      });

/** Every comment of a TypeScript source, with the line it starts on. */
export const commentsOf = (text: string, file = 'source.ts'): { line: number; text: string }[] => {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Map<number, string>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) seen.set(range.pos, text.slice(range.pos, range.end));
  };
  const visit = (node: ts.Node) => {
    // JSX text is not trivia: a '//' in it is text on the page, not a comment.
    if (node.kind !== ts.SyntaxKind.JsxText) {
      collect(ts.getLeadingCommentRanges(text, node.pos));
      collect(ts.getTrailingCommentRanges(text, node.end));
    }
    // getChildren includes tokens ('}' and the end of file), so comments before them are found too.
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...seen.entries()]
    .sort(([a], [b]) => a - b)
    .map(([pos, comment]) => ({ line: source.getLineAndCharacterOfPosition(pos).line + 1, text: comment }));
};

/** A comment's words on one line: the comment markers and each line's leading '*' removed. */
const flatten = (comment: string) =>
  comment
    .replace(/^\/\*+|\*+\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*(\/\/+|\*+)?\s?/, ''))
    .join(' ');

/** Does this comment cite the specification by document and section? */
export const citesSpec = (comment: string) => {
  const flat = flatten(comment);
  if (/\b0{2}[0-2]\s*§/.test(flat) || /\bseeds\s*(0{2}[0-2]\b|§)/i.test(flat)) return true;
  // A bare section sign followed by a number, unless the comment is citing an RFC.
  return /§\s*\d/.test(flat) && !/\bRFC\s*\d/.test(flat);
};

export interface Citation {
  file: string;
  line: number;
  text: string;
}

/** Only files that could hold a citation or a contract link are parsed: parsing every file is slow. */
const WORTH_PARSING = /§|seeds|docs\/contract/i;

const scan = (folders: string[], root: string) =>
  folders
    .flatMap((folder) => sourcesUnder(join(root, folder)))
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }))
    .filter(({ text }) => WORTH_PARSING.test(text))
    .map(({ path, text }) => ({ file: relative(root, path), comments: commentsOf(text, path) }));

/** Every comment in the folders that cites the specification. */
export const specCitations = (folders: string[], root = ROOT): Citation[] =>
  scan(folders, root).flatMap(({ file, comments }) =>
    comments.filter((comment) => citesSpec(comment.text)).map((comment) => ({ file, line: comment.line, text: flatten(comment.text).trim().slice(0, 160) })),
  );

/** The files with citations, and how many each holds, for the report. */
export const filesCiting = (folders: string[], root = ROOT) => {
  const counts = new Map<string, number>();
  for (const citation of specCitations(folders, root)) counts.set(citation.file, (counts.get(citation.file) ?? 0) + 1);
  return counts;
};

/** GitHub's anchor for a heading: lowercase, punctuation removed, spaces to dashes. */
export const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors of each file in docs/contract/, by file name. */
export const contractAnchors = (root = ROOT): Map<string, Set<string>> =>
  new Map(
    readdirSync(join(root, CONTRACT))
      .filter((name) => name.endsWith('.md'))
      .map((name) => {
        const text = readFileSync(join(root, CONTRACT, name), 'utf8');
        const headings = [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => slug(match[1]));
        return [name, new Set(headings)];
      }),
  );

/**
 * The links into docs/contract/ that a comment makes, resolved: `docs/contract/access.md#actors`,
 * then within the same comment `portal.md#home` (another contract file) and `#care-plan` (the last
 * file named). Links to other documents (docs/decisions.md) end the run of contract links.
 */
export const contractLinks = (comment: string): { file: string; anchor?: string }[] => {
  const flat = flatten(comment);
  const links: { file: string; anchor?: string }[] = [];
  let current: string | undefined;
  let inContract = false;
  for (const match of flat.matchAll(/(docs\/contract\/)?([\w.-]+\.md)(#[\w-]+)?|(?<=[\s(,])#([a-z][\w-]*)/g)) {
    if (match[2]) {
      if (match[1]) inContract = true;
      else if (!inContract || match[2] === 'decisions.md' || match[2] === 'operations.md') {
        current = undefined;
        inContract = false;
        continue;
      }
      current = match[2];
      links.push({ file: current, anchor: match[3]?.slice(1) });
    } else if (match[4] && current) {
      links.push({ file: current, anchor: match[4] });
    }
  }
  return links;
};

/** Links in the folders' comments to a docs/contract/ file or anchor that does not exist. */
export const brokenContractLinks = (folders: string[], root = ROOT): Citation[] => {
  const anchors = contractAnchors(root);
  return scan(folders, root).flatMap(({ file, comments }) =>
    comments.flatMap((comment) =>
      contractLinks(comment.text)
        .filter((link) => !anchors.has(link.file) || (link.anchor !== undefined && !anchors.get(link.file)!.has(link.anchor)))
        .map((link) => ({ file, line: comment.line, text: `${CONTRACT}/${link.file}${link.anchor ? `#${link.anchor}` : ''}` })),
    ),
  );
};
