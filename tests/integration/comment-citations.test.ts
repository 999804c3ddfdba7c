// A clone of this repository has neither the work history nor the specification documents it was built from, so a
// comment that names an issue number, a work session, a section of the specification or the outside design document
// points nowhere. Comments give the reason, citing a requirement by its id (docs/requirements.md); this scans the tree
// so such a citation, or an undeclared REQ id, fails here, and a file named after history too.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const SELF = 'tests/integration/comment-citations.test.ts';
const DIRS = ['src', 'server', 'contracts', 'sw', 'tests', 'scripts', 'bench', 'docs'];
const SKIP_DIRS = new Set(['node_modules', 'results', 'samples', 'screenshots']);
const TEXT = /\.(ts|tsx|mjs|js|css|md|sh|html)$/;

const HISTORY = /\b(?:issues?|sessions?)[ -]?#?\d/i;
const SECTION = /§/;
const OUTSIDE = /DESIGN\.md|DESIGN §|\.\.\/shared\b|shared\/seeds/;
const REQ_ID = /\bREQ-[A-Z]+-\d+\b/g;
/** Sections of laws and regulations are real citations: only this document quotes them. */
const STATUTE_DOCS = new Set(['docs/regulatory.md']);

function files(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) ? [] : files(path);
    return TEXT.test(e.name) ? [path] : [];
  });
}

/** What of a line is comment: a whole comment line, or what follows ` //`. Prose files are all comment. */
function commentOf(line: string, prose: boolean): string {
  if (prose) return line;
  if (/^\s*(?:\/\/|\/\*|\*|--|#|\{\/\*)/.test(line)) return line;
  const at = line.indexOf(' //');
  return at < 0 ? '' : line.slice(at);
}

type Finding = { file: string; line: number; text: string };

/** Every comment line of `text` that cites history, a section of an outside document or the outside documents. */
function citations(file: string, text: string): Finding[] {
  const prose = file.endsWith('.md');
  return text.split('\n').flatMap((line, i) => {
    const c = commentOf(line, prose);
    const section = SECTION.test(c) && !STATUTE_DOCS.has(file);
    return HISTORY.test(c) || section || OUTSIDE.test(c) ? [{ file, line: i + 1, text: line.trim().slice(0, 120) }] : [];
  });
}

const tree = [...DIRS.flatMap(files), 'README.md'].filter((f) => f !== SELF);
const declared = new Set(
  readFileSync(join(root, 'docs/requirements.md'), 'utf8')
    .match(/\*\*REQ-[A-Z]+-\d+\*\*/g)
    ?.map((s) => s.slice(2, -2)),
);

describe('comments', () => {
  it('cite no issue, session, specification section or outside design document', () => {
    const found = tree.flatMap((f) => citations(f, readFileSync(join(root, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('cite only requirements that docs/requirements.md declares, and the trace lists every one', () => {
    const cited = new Set(tree.flatMap((f) => readFileSync(join(root, f), 'utf8').match(REQ_ID) ?? []));
    expect([...cited].filter((id) => !declared.has(id))).toEqual([]);
    const traced = new Set(readFileSync(join(root, 'docs/trace.md'), 'utf8').match(REQ_ID));
    expect([...declared].filter((id) => !traced.has(id))).toEqual([]);
    expect(declared.size).toBeGreaterThan(100);
  });

  it('the scan finds each kind of citation, and leaves code and statutes alone', () => {
    const issue = ['// Is', 'sue 19: a refusal'].join('');
    const session = [' * the probe of ses', 'sion 17'].join('');
    const section = ['/** Workflow ', '§5 rules */'].join('');
    const design = ['// see DES', 'IGN.md'].join('');
    const flagged = citations('src/x.ts', [issue, session, section, design, "const app = '/v1/' + '§';"].join('\n'));
    expect(flagged.map((f) => f.line)).toEqual([1, 2, 3, 4]);
    expect(citations('docs/regulatory.md', 'DPDP Act 2023 §6(4)')).toEqual([]);
    expect(citations('docs/x.md', ['see ', 'issue-23e'].join(''))).toHaveLength(1);
    expect(citations('src/y.ts', 'const n = 1; // the first issue of the parse')).toEqual([]);
  });
});

describe('file names', () => {
  it('say what the file holds, not where it came from', () => {
    expect(tree.filter((f) => HISTORY.test(f))).toEqual([]);
  });
});
