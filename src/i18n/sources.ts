// The catalogue check's reading of the code: every string literal passed to t(…), tIn(…, …) or msg(…) under src/ and
// contracts/, found with the TypeScript compiler, as the brief for writers requires sources to be literals.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export type SourceUse = { source: string; file: string; line: number };

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'locales') yield* files(path);
    } else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

/** The literal argument that holds the source: the first of t and msg, the second of tIn. */
const SOURCE_ARG: Record<string, number> = { t: 0, msg: 0, tIn: 1 };

export function findSources(root: string, dirs: string[]): SourceUse[] {
  const uses: SourceUse[] = [];
  for (const dir of dirs) {
    for (const path of files(join(root, dir))) {
      const text = readFileSync(path, 'utf8');
      if (!/\b(t|msg|tIn)\(/.test(text)) continue;
      const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
      const visit = (node: ts.Node) => {
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text in SOURCE_ARG) {
          const arg = node.arguments[SOURCE_ARG[node.expression.text]!];
          if (arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg))) {
            const line = file.getLineAndCharacterOfPosition(arg.getStart()).line + 1;
            uses.push({ source: arg.text, file: relative(root, path), line });
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
    }
  }
  return uses;
}
