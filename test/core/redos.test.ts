// Every regular expression in the pure core is checked by the `recheck` ReDoS checker. Regex
// literals and `new RegExp("literal")` calls are found mechanically in the source; a RegExp built
// from anything else must be listed below with the reason it is safe.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { check } from 'recheck';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CORE = join(ROOT, 'scripts', 'core');

/** Dynamic `new RegExp(...)` calls whose sources are checked elsewhere, with the reason. */
const DYNAMIC_ALLOWED: Record<string, string> = {
  'scan/match.ts': 'recompiles a phrase rule literal (already checked) with the g flag, compacted (empty captures added: same matches, same cost), and joins escaped literal keywords into one alternation (linear)',
  'scan/context.ts': 'joins escaped literal refusal cues into one alternation between a one-character lookbehind and lookahead (linear)',
  'scan/text.ts': 'one character class of the literal look-alike characters asciiFolded replaces (linear)',
  'scan/compact-regex.ts': 'recompiles a pattern (already checked where it is written) with empty captures added to groups, which changes neither its matches nor its cost',
  'scan/rules/injection.ts': 'composes patterns from word lists; every composed pattern is checked by recheck in test/core/rules/injection.test.ts',
  'scan/rules/jailbreak.ts': 'composes patterns from word lists; every composed pattern is checked by recheck in test/core/rules/jailbreak.test.ts',
  'scan/rules/injection-i18n.ts': 'composes patterns from literal parts; every composed pattern is checked by recheck in test/core/rules/injection-i18n.test.ts',
};

/**
 * recheck's fuzz checker (the fallback for patterns its automaton cannot decide) measures growth on
 * small inputs and, on a loaded machine, sometimes calls a bounded repeat "polynomial". A polynomial
 * verdict is therefore confirmed by running the pattern over its own attack string at two sizes: it
 * stands if quadrupling a small input more than sextuples the time, or ~1 MB takes over 250 ms.
 * Exponential verdicts always stand.
 */
function confirmsPolynomial(source: string, flags: string, attack: { pumps: readonly { prefix: string; pump: string }[]; suffix: string } | undefined): boolean {
  if (!attack || attack.pumps.length !== 1) return true;
  const { prefix, pump } = attack.pumps[0]!;
  const re = new RegExp(source, flags);
  const timed = (bytes: number): number => {
    const text = prefix + pump.repeat(Math.max(1, Math.ceil(bytes / Math.max(1, pump.length)))) + attack.suffix;
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      re.test(text);
      best = Math.min(best, performance.now() - t);
    }
    return best;
  };
  // Small sizes first, so a truly quadratic pattern is caught in well under a second.
  const small = timed(4 * 1024);
  const medium = timed(16 * 1024);
  if (medium > 6 * Math.max(small, 0.05)) return true;
  return timed(1024 * 1024) > 250;
}

interface Found {
  file: string;
  line: number;
  source: string;
  flags: string;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(p));
    else if (/\.(ts|js)$/.test(entry.name) && !entry.name.includes('.generated.')) out.push(p);
  }
  return out;
}

function collect(): { found: Found[]; dynamic: Array<{ file: string; line: number; text: string }> } {
  const found: Found[] = [];
  const dynamic: Array<{ file: string; line: number; text: string }> = [];
  for (const path of walk(CORE)) {
    const file = relative(CORE, path);
    const sf = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const lineOf = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart()).line + 1;
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText();
        const last = text.lastIndexOf('/');
        found.push({ file, line: lineOf(node), source: text.slice(1, last), flags: text.slice(last + 1) });
      } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
        const [src, flags] = node.arguments ?? [];
        if (src && ts.isStringLiteralLike(src) && (!flags || ts.isStringLiteralLike(flags))) {
          found.push({ file, line: lineOf(node), source: src.text, flags: flags && ts.isStringLiteralLike(flags) ? flags.text : '' });
        } else {
          dynamic.push({ file, line: lineOf(node), text: node.getText().slice(0, 80) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { found, dynamic };
}

const { found, dynamic } = collect();

describe('regular expressions of the core', () => {
  it('finds the patterns of the rule families', () => {
    expect(found.length).toBeGreaterThan(100);
  });

  it('builds no RegExp from a non-literal except where a reason is given', () => {
    const unexplained = dynamic.filter((d) => !(d.file in DYNAMIC_ALLOWED)).map((d) => `${d.file}:${d.line} ${d.text}`);
    expect(unexplained).toEqual([]);
  });

  it('has no pattern that recheck finds vulnerable to catastrophic backtracking', { timeout: 900_000 }, async () => {
    const unique = new Map<string, Found>();
    for (const f of found) unique.set(`${f.flags.replace(/[gy]/g, '')}/${f.source}`, f);
    const items = [...unique.values()];
    const bad: string[] = [];
    const CONCURRENCY = 2;
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const f = items[next++]!;
        const flags = f.flags.replace(/[gy]/g, '');
        let result = await check(f.source, flags, { timeout: 20_000, randomSeed: 0 });
        // the fuzzer measures time; on a loaded machine a linear pattern can look slow once: ask again
        if (result.status !== 'safe') result = await check(f.source, flags, { timeout: 40_000, randomSeed: 1 });
        if (result.status === 'vulnerable' && result.complexity.type === 'polynomial' && !confirmsPolynomial(f.source, flags, result.attack)) continue;
        if (result.status === 'vulnerable') bad.push(`${f.file}:${f.line} /${f.source}/${flags} — ${result.complexity?.type ?? ''} attack: ${result.attack?.pattern ?? '?'}`);
        else if (result.status === 'unknown') bad.push(`${f.file}:${f.line} /${f.source}/${flags} — not decided: ${result.error?.kind ?? ''}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(bad).toEqual([]);
  });
});
