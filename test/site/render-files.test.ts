// A soul's files on its page: order, kinds, package images recognised by their bytes, safe
// rendering of each kind; the score chart; the API reference model of the OpenAPI document.
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../scripts/build/openapi.ts';
import { imageAssetOf, packageFiles, packagePathOf, sniffImage } from '../../scripts/site/package-files.ts';
import { avatarOf, prettyJson, renderSoulFiles } from '../../scripts/site/render-files.ts';
import { renderScoreChart } from '../../scripts/site/score-chart.ts';
import { anchorSlug, buildApiView, isSchemaName } from '../../scripts/site/openapi-view.ts';
import { AVATAR_PNG } from './fixture.ts';

const png = Buffer.from(AVATAR_PNG).toString('base64');

const details = {
  files: { soul: 'SOUL.md', identity: 'IDENTITY.md', avatar: 'avatar.png' },
  fileContents: {
    'IDENTITY.md': '# Who\n',
    'SOUL.md': '# Soul\n\n![me](avatar.png) [who](IDENTITY.md)\n',
    'avatar.png': png,
    'fake.png': Buffer.from('<html><script>alert(1)</script></html>').toString('base64'),
    'notes.txt': 'a <b>b</b>\n',
    'soul.json': '{"name":"x","files":{"soul":"SOUL.md"}}',
  },
  encodings: { 'avatar.png': 'base64' as const, 'fake.png': 'base64' as const },
};

describe('packageFiles', () => {
  it('orders the manifest roles first, then other files by path, soul.json last', () => {
    expect(packageFiles(details).map((f) => f.path)).toEqual(['SOUL.md', 'IDENTITY.md', 'avatar.png', 'fake.png', 'notes.txt', 'soul.json']);
  });

  it('tells Markdown, JSON, text, images and other binary files apart', () => {
    expect(Object.fromEntries(packageFiles(details).map((f) => [f.path, f.kind]))).toEqual({
      'SOUL.md': 'markdown', 'IDENTITY.md': 'markdown', 'avatar.png': 'image', 'fake.png': 'binary', 'notes.txt': 'text', 'soul.json': 'json',
    });
  });

  it('names each image by the SHA-256 of its bytes', () => {
    const image = imageAssetOf(png);
    expect(image?.type).toBe('png');
    expect(image?.url).toMatch(/^\/soul-files\/[0-9a-f]{64}\.png$/);
    expect(imageAssetOf(png)?.url).toBe(image?.url);
  });

  it('recognises PNG, JPEG, GIF and WebP by their first bytes only', () => {
    expect(sniffImage(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(sniffImage(new TextEncoder().encode('GIF89a...'))).toBe('gif');
    expect(sniffImage(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImage(new TextEncoder().encode('<svg onload=alert(1)>'))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});

describe('packagePathOf', () => {
  it.each([
    ['avatar.png', 'avatar.png'],
    ['./docs/a.md', 'docs/a.md'],
    ['docs%20x.md#top', 'docs x.md'],
    ['../x.md', null],
    ['/etc/passwd', null],
    ['https://e.example/a.png', null],
    ['C:\\x', null],
    ['%zz', null],
    ['', null],
  ])('%s → %s', (ref, expected) => {
    expect(packagePathOf(ref)).toBe(expected);
  });
});

describe('renderSoulFiles', () => {
  const { files, images } = renderSoulFiles(details);
  const html = Object.fromEntries(files.map((f) => [f.path, f.html]));

  it('renders Markdown with links to the other files and the package image', () => {
    expect(html['SOUL.md']).toContain(`<img src="${images[0]!.url}" alt="me" />`);
    expect(html['SOUL.md']).toContain('<a href="#file-2">who</a>');
    expect(html['SOUL.md']).toContain('<h4>Soul</h4>');
  });

  it('pretty-prints JSON and escapes text files', () => {
    expect(html['soul.json']).toContain('{\n  &quot;name&quot;: &quot;x&quot;');
    expect(html['notes.txt']).toBe('<pre class="file-source"><code>a &lt;b&gt;b&lt;/b&gt;\n</code></pre>');
  });

  it('shows a file whose bytes are not an image as a binary note, whatever its name', () => {
    expect(html['fake.png']).toContain('Binary file');
    expect(html['fake.png']).not.toContain('script');
    expect(images).toHaveLength(1);
  });

  it('finds the avatar named by the manifest', () => {
    expect(avatarOf(details, files)?.url).toBe(images[0]!.url);
    expect(avatarOf({ files: {} }, files)).toBeNull();
  });

  it('leaves JSON that does not parse as it is', () => {
    expect(prettyJson('{oops')).toBe('{oops');
  });
});

describe('renderScoreChart', () => {
  it('draws a point per version, a line between them, and a text alternative', () => {
    const svg = renderScoreChart([{ version: '1.0.0', score: 80, grade: 'Low Risk' }, { version: '1.1.0', score: 100, grade: 'Verified' }]);
    expect(svg.match(/<circle/g)).toHaveLength(2);
    expect(svg).toContain('<polyline');
    expect(svg).toContain('role="img"');
    expect(svg).toContain('1.0.0: 80, 1.1.0: 100');
    expect(svg).not.toContain('style=');
  });

  it('draws a single version as one point without a line', () => {
    const svg = renderScoreChart([{ version: '1.0.0', score: 0, grade: 'Blocked' }]);
    expect(svg.match(/<circle/g)).toHaveLength(1);
    expect(svg).not.toContain('<polyline');
  });

  it('labels at most six versions under the axis', () => {
    const points = Array.from({ length: 40 }, (_, i) => ({ version: `1.${i}.0`, score: i, grade: 'High Risk' }));
    const labels = renderScoreChart(points).match(/<text class="chart-label" x="[^"]+" y="114"/g) ?? [];
    expect(labels.length).toBeLessThanOrEqual(7);
    expect(renderScoreChart(points)).toContain('>1.39.0</text>');
  });
});

describe('buildApiView', () => {
  const view = buildApiView(buildOpenApiDocument() as unknown as Record<string, unknown>);

  it('lists every operation of the document once, grouped by tag', () => {
    const ops = view.groups.flatMap((g) => g.operations);
    expect(ops.some((o) => o.method === 'GET' && o.path === '/souls')).toBe(true);
    expect(ops.some((o) => o.method === 'POST' && o.path === '/souls/{owner}/{name}/report')).toBe(true);
    expect(new Set(ops.map((o) => `${o.method} ${o.path}`)).size).toBe(ops.length);
  });

  it('resolves parameters and responses from their $refs', () => {
    const list = view.groups.flatMap((g) => g.operations).find((o) => o.method === 'GET' && o.path === '/souls')!;
    expect(list.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['q', 'category', 'tag', 'sort', 'page', 'limit']));
    expect(list.responses.find((r) => r.status === '200')?.bodies).toContainEqual({ contentType: 'application/json', schema: 'SoulList' });
  });

  it('makes anchors and tells schema names from plain types', () => {
    expect(anchorSlug('getSoul Details/x')).toBe('getsoul-details-x');
    expect(isSchemaName('SoulList')).toBe(true);
    expect(isSchemaName('string')).toBe(false);
  });
});
