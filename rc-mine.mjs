// temporary: ReDoS check of this helper's patterns (deleted after use)
import { check } from 'recheck';
import ts from 'typescript';
import { readFileSync } from 'node:fs';
const files = ['code-execution', 'markup', 'exfiltration', 'destructive', 'social-engineering', 'harmful', 'self-modification', 'quality', 'consistency'];
const seen = new Map();
for (const f of files) {
  const path = `scripts/core/scan/rules/${f}.ts`;
  const src = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (n) => { if (n.kind === ts.SyntaxKind.RegularExpressionLiteral) { const t = n.getText(); const i = t.lastIndexOf('/'); seen.set(t, { source: t.slice(1, i), flags: t.slice(i + 1), where: f }); } ts.forEachChild(n, visit); };
  visit(src);
}
const ce = await import('./scripts/core/scan/rules/code-execution.ts');
for (const f of files.slice(1)) await import(`./scripts/core/scan/rules/${f}.ts`);
for (const re of ce.registeredPatterns()) seen.set(`/${re.source}/${re.flags}`, { source: re.source, flags: re.flags, where: 'registered' });
console.log('patterns', seen.size);
let bad = 0;
for (const [k, { source, flags, where }] of seen) {
  const r = await check(source, flags.replace(/[gy]/g, ''), { timeout: 20000 });
  if (r.status !== 'safe') { bad++; console.log(r.status, r.complexity?.summary ?? r.error?.kind ?? '', where, k.slice(0, 160)); }
}
console.log('not safe:', bad);
