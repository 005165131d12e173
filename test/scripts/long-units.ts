/**
 * Functions stay short (issue 30 "No product function exceeds 120 lines"). This parses every product
 * source with the `typescript` parser and lists each function, arrow function and method whose body
 * spans more than MAX_BODY_LINES lines. Tests, migrations and benchmarks are not product code and
 * are not read. Used by long-units.test.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const ROOT = join(__dirname, '..', '..');
export const MAX_BODY_LINES = 120;

/** The product source folders the issue names. */
export const PRODUCT_FOLDERS = ['api/src', 'db/src', 'engine/src', 'automation/src', 'activities/src', 'workflows/src', 'web/app'];

const SKIPPED = new Set(['node_modules', 'build', 'dist', 'coverage', '.cache', 'migrations', 'bench']);

const isProductFile = (name: string) => /\.(ts|tsx)$/.test(name) && !/\.d\.ts$/.test(name) && !/\.test\.tsx?$/.test(name);

export const productSources = (dir: string): string[] =>
  !existsSync(dir)
    ? []
    : readdirSync(dir).flatMap((name) => {
        if (SKIPPED.has(name)) return [];
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return productSources(path);
        return isProductFile(name) ? [path] : [];
      });

export interface LongUnit {
  file: string;
  line: number;
  name: string;
  lines: number;
}

const nameOf = (node: ts.Node, source: ts.SourceFile): string => {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  // An arrow or function expression takes the name of what it is assigned to or passed as.
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (parent && ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText(source).slice(0, 40)})`;
  return '(anonymous)';
};

/** Every function-like unit in `text` whose body spans more than `max` lines (first to last line of the body). */
export const longUnitsIn = (text: string, file = 'source.ts', max = MAX_BODY_LINES): LongUnit[] => {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongUnit[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node)) {
      const body = (node as ts.Node & { body?: ts.Node }).body;
      if (body) {
        const first = source.getLineAndCharacterOfPosition(body.getStart(source)).line;
        const last = source.getLineAndCharacterOfPosition(body.getEnd()).line;
        const lines = last - first + 1;
        if (lines > max) found.push({ file, line: first + 1, name: nameOf(node, source), lines });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

/** Every long unit in the product sources, with paths relative to the repository. */
export const longUnits = (folders = PRODUCT_FOLDERS): LongUnit[] =>
  folders.flatMap((folder) =>
    productSources(join(ROOT, folder)).flatMap((path) => longUnitsIn(readFileSync(path, 'utf8'), relative(ROOT, path))),
  );
