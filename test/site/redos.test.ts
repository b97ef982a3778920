// Every regular expression of the site's code (scripts/site) is linear: checked by `recheck`,
// as the core's are in test/core/redos.test.ts. None is built at run time.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { check } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SITE = join(import.meta.dirname, '..', '..', 'scripts', 'site');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

const found: { at: string; source: string; flags: string }[] = [];
const dynamic: string[] = [];
for (const path of sources(SITE)) {
  const sf = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const at = (n: ts.Node): string => `${relative(SITE, path)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = node.getText();
      const last = text.lastIndexOf('/');
      found.push({ at: at(node), source: text.slice(1, last), flags: text.slice(last + 1).replace(/[gy]/g, '') });
    } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
      dynamic.push(at(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

describe('regular expressions of the site code', () => {
  it('are all literals', () => {
    expect(found.length).toBeGreaterThan(5);
    expect(dynamic).toEqual([]);
  });

  it('are safe from catastrophic backtracking', { timeout: 300_000 }, async () => {
    const bad: string[] = [];
    for (const f of found) {
      let result = await check(f.source, f.flags, { timeout: 20_000, randomSeed: 0 });
      if (result.status !== 'safe') result = await check(f.source, f.flags, { timeout: 40_000, randomSeed: 1 });
      if (result.status !== 'safe') bad.push(`${f.at} /${f.source}/${f.flags}: ${result.status}`);
    }
    expect(bad).toEqual([]);
  });
});
