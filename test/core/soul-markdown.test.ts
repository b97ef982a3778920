import { describe, expect, it } from 'vitest';
import { escapeInline, fenceBlock, longestBacktickRun, renderSoulListMarkdown, renderSoulMarkdown } from '../../scripts/core/render/soul-markdown.ts';
import type { SoulDetails, SoulList } from '../../scripts/core/registry-shapes.ts';
import { scanPackage } from '../../scripts/core/index.ts';

function details(fileContents: Record<string, string>, overrides: Partial<SoulDetails> = {}): SoulDetails {
  const scan = scanPackage({}, { now: () => 0 });
  return {
    name: 'tutor',
    owner: 'acme',
    fullName: 'acme/tutor',
    displayName: 'Tutor',
    description: 'Helps with maths.',
    version: '1.0.0',
    category: 'education/tutoring',
    tags: ['math'],
    downloads: 3,
    rating: 4.5,
    avgRating: 4.5,
    reviewCount: 2,
    license: 'MIT',
    author: 'Ada',
    scanScore: scan.score,
    scanGrade: scan.grade,
    scanStatus: scan.status,
    updatedAt: '2024-01-02T00:00:00.000Z',
    files: { soul: 'SOUL.md' },
    fileContents,
    manifest: {},
    scan,
    versions: [{ version: '1.0.0', publishedAt: '2024-01-01T00:00:00.000Z', commit: 'a'.repeat(40), publisher: 'ada', scan: { score: scan.score, grade: scan.grade, status: scan.status } }],
    publishedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The lines of a Markdown text that are outside backtick fences. */
function outsideFences(md: string): string {
  const out: string[] = [];
  let fence = 0;
  for (const line of md.split('\n')) {
    const m = /^ {0,3}(`{3,})/.exec(line);
    if (fence === 0 && m) fence = m[1]!.length;
    else if (fence > 0 && m && m[1]!.length >= fence && /^ {0,3}`+[ \t]*$/.test(line)) fence = 0;
    else if (fence === 0) out.push(line);
  }
  return out.join('\n');
}

/** The fenced code blocks of a Markdown text, as CommonMark reads backtick fences: [info, body]. */
function fencedBlocks(md: string): Array<{ info: string; body: string }> {
  const lines = md.split('\n');
  const blocks: Array<{ info: string; body: string }> = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^ {0,3}(`{3,})([^`]*)$/.exec(lines[i]!);
    if (!open) continue;
    const fence = open[1]!;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = /^ {0,3}(`{3,})[ \t]*$/.exec(lines[j]!);
      if (close && close[1]!.length >= fence.length) break;
      body.push(lines[j]!);
    }
    blocks.push({ info: open[2]!.trim(), body: body.join('\n') });
    i = j;
  }
  return blocks;
}

describe('fenceBlock', () => {
  it('uses three backticks for content without backticks', () => {
    expect(fenceBlock('hello', 'text')).toBe('```text\nhello\n```');
  });

  it('uses a fence longer than the longest backtick run inside', () => {
    expect(fenceBlock('a ```` b', 'markdown')).toBe('`````markdown\na ```` b\n`````');
    expect(longestBacktickRun('x `` y ````` z')).toBe(5);
  });

  it('does not add a newline when the content ends with one', () => {
    expect(fenceBlock('line\n')).toBe('```\nline\n```');
  });
});

describe('renderSoulMarkdown', () => {
  it('renders every text file in full inside its own fence', () => {
    const soul = '# Tutor\n\nYou help with maths.\n';
    const md = renderSoulMarkdown(details({ 'SOUL.md': soul, 'soul.json': '{"name":"tutor"}' }));
    const blocks = fencedBlocks(md);
    expect(blocks).toEqual([
      { info: 'markdown', body: soul.trimEnd() },
      { info: 'json', body: '{"name":"tutor"}' },
    ]);
  });

  it('keeps content with backtick runs inside its fence', () => {
    const evil = 'Start\n```\n# Escaped heading\n````\n`````\n<script>alert(1)</script>\nEnd';
    const md = renderSoulMarkdown(details({ 'SOUL.md': evil }));
    const blocks = fencedBlocks(md);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.body).toBe(evil);
    expect(md).toContain('``````markdown\n');
  });

  it('keeps </script> and HTML of a file inside its fence', () => {
    const md = renderSoulMarkdown(details({ 'SOUL.md': '</script><img src=x onerror=alert(1)>' }));
    const outside = outsideFences(md);
    expect(fencedBlocks(md)[0]!.body).toBe('</script><img src=x onerror=alert(1)>');
    expect(outside).not.toContain('<img');
    expect(outside).not.toContain('</script>');
  });

  it('never uses tilde fences', () => {
    const md = renderSoulMarkdown(details({ 'SOUL.md': '~~~\nnot a fence\n~~~' }));
    expect(outsideFences(md)).not.toMatch(/^ {0,3}~{3}/m);
    expect(md).toMatch(/^```markdown$/m);
    expect(fencedBlocks(md)[0]!.body).toBe('~~~\nnot a fence\n~~~');
  });

  it('escapes HTML and Markdown in metadata a soul controls', () => {
    const md = renderSoulMarkdown(details({ 'SOUL.md': 'x' }, { displayName: 'Tutor</script><b>', description: '[click](javascript:alert(1)) | x', tags: ['<i>'] }));
    expect(md).toContain('# Tutor&lt;/script&gt;&lt;b&gt;');
    expect(md).toContain('> \\[click\\]\\(javascript:alert\\(1\\)\\) \\| x');
    expect(md).not.toContain('<i>');
  });

  it('removes text-direction and invisible characters from metadata', () => {
    const md = renderSoulMarkdown(details({ 'SOUL.md': 'x' }, { displayName: 'Tu\u202etor\u200b' }));
    expect(md.startsWith('# Tutor\n')).toBe(true);
  });

  it('keeps odd Unicode in file content verbatim inside the fence', () => {
    const content = 'Zalgo: Z\u0351\u0307a\u0353l\u0306g\u030Fo\nRTL: \u202eevil\u202c\nEmoji: 👩‍💻\nLine sep:\u2028end\nCR only\rnext';
    const md = renderSoulMarkdown(details({ 'SOUL.md': content }));
    expect(md).toContain(content);
    expect(md.match(/^```markdown$/gm)).toHaveLength(1);
  });

  it('names an image instead of inlining it', () => {
    const md = renderSoulMarkdown(details({ 'SOUL.md': 'x', 'avatar.png': 'iVBORw0KGgo=' }, { encodings: { 'avatar.png': 'base64' } }));
    expect(md).toContain('### avatar.png');
    expect(md).toContain('_Binary file of 8 bytes');
    expect(md).not.toContain('iVBORw0KGgo');
  });

  it('lists errors and warnings of the scan', () => {
    const base = details({ 'SOUL.md': 'x' });
    const scan = { ...base.scan, errors: [{ code: 'SEC001', message: 'prompt injection <b>', severity: 'error' as const, file: 'SOUL.md' }] };
    const md = renderSoulMarkdown({ ...base, scan });
    expect(md).toContain('- error SEC001 in SOUL.md: prompt injection &lt;b&gt;');
  });

  it('marks a removed soul', () => {
    expect(renderSoulMarkdown(details({ 'SOUL.md': 'x' }, { removed: true }))).toContain('removed from the registry');
  });
});

describe('renderSoulListMarkdown', () => {
  const list = (souls: SoulList['souls'], total = souls.length): SoulList => ({ souls, total, page: 1, limit: 20 });
  const item = (overrides: Partial<SoulList['souls'][number]> = {}): SoulList['souls'][number] => {
    const { fileContents: _f, files: _r, manifest: _m, scan: _s, versions: _v, publishedAt: _p, ...rest } = details({});
    return { ...rest, ...overrides };
  };

  it('renders a summary and one table row per soul', () => {
    const md = renderSoulListMarkdown(list([item(), item({ name: 'other', fullName: 'acme/other' })], 45));
    expect(md).toContain('Souls 1 to 2 of 45, page 1 of 3 (20 per page).');
    expect(md.split('\n').filter((l) => l.startsWith('| acme/'))).toHaveLength(2);
  });

  it('escapes pipes and line breaks so a soul cannot break the table', () => {
    const md = renderSoulListMarkdown(list([item({ description: 'a | b\n| c | d |' })]));
    const row = md.split('\n').find((l) => l.startsWith('| acme/tutor'))!;
    expect(row).toContain('a \\| b \\| c \\| d \\|');
    expect(md.split('\n').filter((l) => l.startsWith('|'))).toHaveLength(3);
  });

  it('says when a page is empty', () => {
    expect(renderSoulListMarkdown({ souls: [], total: 0, page: 1, limit: 20 })).toBe('# Souls\n\nNo souls on page 1 (0 in total).\n');
  });
});

describe('escapeInline', () => {
  it('turns any value into one safe line', () => {
    expect(escapeInline('a\nb')).toBe('a b');
    expect(escapeInline(5)).toBe('5');
    expect(escapeInline(undefined)).toBe('');
  });
});
