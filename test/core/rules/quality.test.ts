import { describe, it, expect } from 'vitest';
import { scanPackage } from '../../../scripts/core/index.ts';
import { allFindings, BENIGN_SOUL, scanText, soulTree, validManifest } from '../../helpers/soul.ts';
import { countChars, formatCount } from '../../../scripts/core/scan/rules/quality.ts';
import type { Finding, ScanResult } from '../../../scripts/core/scan/types.ts';

function quality(r: ScanResult, code: string): Finding[] {
  return allFindings(r).filter((f) => f.code === code);
}

const RICH_SOUL = `# Harbor

You are Harbor, a calm study coach for university students preparing for exams.

## Role
You help students plan revision, break topics into small goals and review what they learned each day.

## Personality
Warm, patient and direct. You celebrate progress and keep answers short unless asked for depth.

## Boundaries
- You do not write graded assignments for students.
- You do not give medical advice; you suggest campus health services instead.
- You never ask for passwords or personal identifiers.
`;

describe('quality: file lengths (QUALITY010)', () => {
  it('reports every text file with its length in characters', () => {
    const text = `# T\n\n${'a'.repeat(1229)}`;
    const r = scanText(text);
    expect(quality(r, 'QUALITY010').map((f) => f.message)).toContain('SOUL.md: 1,234 characters');
    expect(quality(r, 'QUALITY010').every((f) => f.severity === 'info')).toBe(true);
    expect(quality(r, 'QUALITY010').map((f) => f.file).sort()).toEqual(['IDENTITY.md', 'SOUL.md', 'soul.json']);
  });
  it('counts an emoji as one character', () => {
    expect(countChars('hi 👋')).toBe(4);
  });
  it('formats thousands without a locale', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(999)).toBe('999');
  });
});

describe('quality: persona length (QUALITY001..QUALITY004)', () => {
  it('warns when SOUL.md is nearly empty', () => {
    const r = scanText('# Bot\n\nYou help.');
    expect(quality(r, 'QUALITY001').map((f) => f.severity)).toEqual(['warning']);
  });
  it('notes a thin SOUL.md as info', () => {
    expect(quality(scanText(BENIGN_SOUL), 'QUALITY002').map((f) => f.severity)).toEqual(['info']);
  });
  it('does not report length for a rich persona', () => {
    const r = scanText(RICH_SOUL + '\n'.repeat(2) + 'Extra notes about study habits and spaced repetition. '.repeat(4));
    expect([...quality(r, 'QUALITY001'), ...quality(r, 'QUALITY002'), ...quality(r, 'QUALITY003')]).toEqual([]);
  });
  it('notes a SOUL.md over 50,000 characters as info', () => {
    const r = scanText(RICH_SOUL + 'Study tip. '.repeat(5000));
    expect(quality(r, 'QUALITY003').map((f) => f.severity)).toEqual(['info']);
  });
  it('warns when SOUL.md is over 200,000 characters', () => {
    const r = scanText(RICH_SOUL + 'Study tip. '.repeat(20000));
    expect(quality(r, 'QUALITY004').map((f) => f.severity)).toEqual(['warning']);
  });
  it('uses the file named by files.soul', () => {
    const files = { 'soul.json': JSON.stringify(validManifest({ files: { soul: 'persona.md' } })), 'persona.md': 'Too short.' };
    const r = scanPackage(files, { name: 'test-soul' });
    expect(quality(r, 'QUALITY001').map((f) => f.file)).toEqual(['persona.md']);
  });
});

describe('quality: placeholders (QUALITY005)', () => {
  it('warns about a TODO marker', () => {
    expect(quality(scanText(`${RICH_SOUL}\nTODO: add examples\n`), 'QUALITY005').map((f) => f.severity)).toEqual(['warning']);
  });
  it('warns about Lorem ipsum', () => {
    expect(quality(scanText(`${RICH_SOUL}\nLorem ipsum dolor sit amet.\n`), 'QUALITY005')).toHaveLength(1);
  });
  it('warns about a bracketed fill-in', () => {
    expect(quality(scanText(`${RICH_SOUL}\nSign off as [Your name here].\n`), 'QUALITY005')).toHaveLength(1);
  });
  it('does not flag a to-do list assistant', () => {
    expect(quality(scanText(`${RICH_SOUL}\nYou manage the user's TODO list and todo items.\n`), 'QUALITY005')).toEqual([]);
  });
  it('does not flag TODO comments inside code blocks', () => {
    expect(quality(scanText(`${RICH_SOUL}\n\`\`\`python\n# TODO: handle errors\n\`\`\`\n`), 'QUALITY005')).toEqual([]);
  });
  it('does not flag {{user}} template variables', () => {
    expect(quality(scanText(`${RICH_SOUL}\nGreet {{user}} by name.\n`), 'QUALITY005')).toEqual([]);
  });
  it('flags YOUR_..._HERE, whose only gate word is the common "your"', () => {
    const f = quality(scanText(`${RICH_SOUL}\nSign your letters as YOUR_NAME_HERE.\n`), 'QUALITY005');
    expect(f.map((x) => x.message)).toEqual(['SOUL.md still contains placeholder text "YOUR_NAME_HERE"; replace it with real content or remove it.']);
  });
  it('does not flag your_name_here in lower case or YOUR_NAME without _HERE', () => {
    expect(quality(scanText(`${RICH_SOUL}\nYour key is your_name_here or YOUR_NAME.\n`), 'QUALITY005')).toEqual([]);
  });
  it('finds the leftmost of the last pattern\'s alternatives when "your" and another gate word occur', () => {
    const f = quality(scanText(`${RICH_SOUL}\nUse YOUR_TOKEN_HERE, then CHANGE_ME.\n`), 'QUALITY005');
    expect(f[0]?.message).toContain('"YOUR_TOKEN_HERE"');
    const g = quality(scanText(`${RICH_SOUL}\nSet PLACEHOLDER_VALUE in your config.\n`), 'QUALITY005');
    expect(g[0]?.message).toContain('"PLACEHOLDER_VALUE"');
  });
});

describe('quality: manifest description (QUALITY006)', () => {
  const scanWith = (description: unknown): ScanResult => scanPackage(soulTree({ 'SOUL.md': RICH_SOUL }, validManifest({ description })), { name: 'test-soul' });
  it('warns about a description under 20 characters', () => {
    expect(quality(scanWith('A tutor.'), 'QUALITY006').map((f) => f.severity)).toEqual(['warning']);
  });
  it('warns about a description equal to the display name', () => {
    expect(quality(scanWith('Test soul'), 'QUALITY006')).toHaveLength(1);
  });
  it('warns about an all-caps description', () => {
    expect(quality(scanWith('THE BEST STUDY COACH FOR EVERY STUDENT'), 'QUALITY006')).toHaveLength(1);
  });
  it('warns about a truncated description', () => {
    expect(quality(scanWith('A calm study coach that helps students plan their...'), 'QUALITY006')).toHaveLength(1);
  });
  it('warns about placeholder text in the description', () => {
    expect(quality(scanWith('TODO: write a description of this soul'), 'QUALITY006')).toHaveLength(1);
  });
  it('accepts a good description', () => {
    expect(quality(scanWith('A calm study coach that helps students plan revision.'), 'QUALITY006')).toEqual([]);
  });
  it('leaves a missing or non-string description to the schema family', () => {
    expect(quality(scanWith(undefined), 'QUALITY006')).toEqual([]);
    expect(quality(scanWith(42), 'QUALITY006')).toEqual([]);
  });
});

describe('quality: structure (QUALITY007, QUALITY008)', () => {
  it('notes missing sections as info', () => {
    const r = scanText('# Chef\n\n## Recipes\n' + 'You cook pasta, rice and soups with seasonal vegetables. '.repeat(6));
    const f = quality(r, 'QUALITY007');
    expect(f.map((x) => x.severity)).toEqual(['info']);
    expect(f[0]!.message).toContain('boundaries');
  });
  it('names every missing section in SECTIONS order', () => {
    const r = scanText('# Chef\n\n## Recipes\n' + 'Pasta, rice and soups with seasonal vegetables. '.repeat(6));
    expect(quality(r, 'QUALITY007')[0]?.message).toBe('SOUL.md has no section on role or purpose, personality or tone, boundaries; a heading for each helps people and models read the persona.');
    const s = scanText('# Chef\n\n## Tone\n' + 'Pasta, rice and soups with seasonal vegetables. '.repeat(6));
    expect(quality(s, 'QUALITY007')[0]?.message).toBe('SOUL.md has no section on role or purpose, boundaries; a heading for each helps people and models read the persona.');
  });
  it('takes section words for headings only when a persona has no headings (role words always)', () => {
    const words = 'You are a chef. Your tone is warm and friendly. Never share secrets. '.repeat(4);
    expect(quality(scanText(words), 'QUALITY007')).toEqual([]);
    expect(quality(scanText(`## Recipes\n\n${words}`), 'QUALITY007')[0]?.message).toContain('no section on personality or tone, boundaries;');
  });
  it('does not report sections a persona has', () => {
    expect(quality(scanText(RICH_SOUL), 'QUALITY007')).toEqual([]);
  });
  it('notes several top-level headings as info', () => {
    const r = scanText(`# One\n\n${RICH_SOUL}\n# Two\n\ntext`);
    expect(quality(r, 'QUALITY008').map((f) => f.severity)).toEqual(['info']);
  });
  it('notes a skipped heading level', () => {
    const r = scanText(`# Title\n\n### Deep\n\n${RICH_SOUL.replace('# Harbor', '')}`);
    expect(quality(r, 'QUALITY008')[0]?.message).toContain('skips a level');
  });
  it('advises sections for a long persona without headings, not for a short one', () => {
    const sentence = 'You are a chef. Your tone is warm and friendly. Never share secrets. ';
    const long = quality(scanText(sentence.repeat(30)), 'QUALITY008');
    expect(long.map((f) => f.severity)).toEqual(['info']);
    expect(long[0]!.message).toContain('it has no headings; split it into sections');
    expect(quality(scanText(sentence.repeat(10)), 'QUALITY008')).toEqual([]);
  });
  it('ignores headings inside code blocks', () => {
    expect(quality(scanText(`${RICH_SOUL}\n\`\`\`md\n# Example\n#### deep\n\`\`\`\n`), 'QUALITY008')).toEqual([]);
  });
});

describe('quality: an ordinary soul', () => {
  it('costs no points: only info findings from quality and consistency', () => {
    const identity = '# Identity\n\n- **Name:** Harbor\n- **Role:** Study coach\n';
    const r = scanPackage(soulTree({ 'SOUL.md': RICH_SOUL, 'IDENTITY.md': identity }, validManifest({ displayName: 'Harbor', name: 'harbor' })), { name: 'harbor' });
    const mine = [...r.errors, ...r.warnings].filter((f) => /^(?:QUALITY|CONSIST)/.test(f.code));
    expect(mine).toEqual([]);
  });
  it('the default test soul gets no quality or consistency warnings', () => {
    const r = scanPackage(soulTree(), { name: 'test-soul' });
    expect([...r.errors, ...r.warnings].filter((f) => /^(?:QUALITY|CONSIST)/.test(f.code))).toEqual([]);
  });
});
