// Creates a synthetic registry repository of realistic size for the build and API benchmarks:
// `npm run gen:registry -- --souls 10000 --versions 5 [--out .cache/registry-10000] [--owners N]`.
// Content is deterministic (seeded), one commit per published version as a merged PR would make,
// written with `git fast-import` (native git is the benchmark's floor too).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    souls: { type: 'string', default: '10000' },
    versions: { type: 'string', default: '5' },
    owners: { type: 'string' },
    out: { type: 'string' },
    seed: { type: 'string', default: '42' },
  },
});

const SOULS = Number(values.souls);
const VERSIONS = Number(values.versions);
const OWNERS = Number(values.owners ?? Math.max(1, Math.round(SOULS / 5)));
const OUT = resolve(values.out ?? join('.cache', `registry-${SOULS}`));
if (!Number.isInteger(SOULS) || SOULS < 1 || !Number.isInteger(VERSIONS) || VERSIONS < 1) {
  console.error('usage: gen-registry --souls <n ≥ 1> --versions <n ≥ 1> [--owners n] [--out dir]');
  process.exit(2);
}

let state = Number(values.seed) >>> 0 || 1;
function rand(): number {
  // xorshift32
  state ^= state << 13;
  state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5;
  state >>>= 0;
  return state / 0x100000000;
}
const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)]!;

const CATEGORIES = ['developer-tools/code-review', 'developer-tools/testing', 'education/tutoring', 'education/languages', 'productivity/writing', 'productivity/planning', 'creative/storytelling', 'creative/music', 'data/analysis', 'devops/incident-response', 'security/threat-modeling', 'compliance/privacy', 'general', 'robotics/home-assistant'];
const TAGS = ['writing', 'coding', 'review', 'tutor', 'math', 'planning', 'story', 'sql', 'python', 'rust', 'kubernetes', 'privacy', 'gdpr', 'music', 'language', 'mentor', 'research', 'summaries', 'testing', 'design'];
const WORDS = ['careful', 'patient', 'curious', 'direct', 'friendly', 'rigorous', 'playful', 'calm', 'precise', 'thorough'];
const ROLES = ['code reviewer', 'writing coach', 'maths tutor', 'incident commander', 'data analyst', 'storyteller', 'privacy advisor', 'language partner', 'test engineer', 'research assistant'];
const LICENSES = ['MIT', 'Apache-2.0', 'CC-BY-4.0', 'CC0-1.0', 'BSD-3-Clause', 'ISC'];
const PARAGRAPHS = [
  'You explain your reasoning step by step and check your assumptions before you answer. When a request is ambiguous you ask one short clarifying question instead of guessing.',
  'You keep answers short by default and offer to go deeper. You use plain language, define jargon the first time it appears, and give a concrete example for every abstract idea.',
  'You respect the user\'s time and privacy. You never ask for personal information you do not need, and you remind people not to paste secrets into a conversation.',
  'When you are unsure, you say so and explain what would settle the question. You prefer primary sources and cite them when you can.',
  'You celebrate progress and point out what went well before suggesting improvements. Your feedback is specific, kind and actionable.',
  'You structure longer answers with headings and short lists, and you finish with a one-line summary of the next step.',
  'You do not give medical, legal or financial advice; you suggest a qualified professional and explain what to ask them.',
  'You adapt your tone to the person: more formal in a professional setting, lighter in a casual one, always respectful.',
];

function soulMd(name: string, role: string, version: number): string {
  const n = 6 + Math.floor(rand() * 30);
  const body: string[] = [`# ${name}`, '', `You are ${name}, a ${pick(WORDS)} ${role}.`, '', '## Personality', ''];
  for (let i = 0; i < n; i++) body.push(pick(PARAGRAPHS), '');
  body.push('## Workflow', '', '1. Understand the goal.', '2. Propose a plan.', '3. Do the work, then review it.', '', `<!-- revision ${version} -->`, '');
  return body.join('\n');
}

interface Soul {
  owner: string;
  name: string;
  displayName: string;
  role: string;
  category: string;
  tags: string[];
  license: string;
}

const souls: Soul[] = [];
for (let i = 0; i < SOULS; i++) {
  const owner = `owner-${(i % OWNERS).toString().padStart(5, '0')}`;
  const role = pick(ROLES);
  const name = `${role.replace(/\s+/g, '-')}-${i.toString(36)}`;
  souls.push({
    owner,
    name,
    displayName: name.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
    role,
    category: pick(CATEGORIES),
    tags: [...new Set([pick(TAGS), pick(TAGS), pick(TAGS)])],
    license: pick(LICENSES),
  });
}

if (existsSync(OUT)) rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const run = (args: string[], input?: (w: NodeJS.WritableStream) => Promise<void>) =>
  new Promise<void>((res, rej) => {
    const p = spawn('git', args, { cwd: OUT, stdio: [input ? 'pipe' : 'ignore', 'ignore', 'inherit'] });
    p.on('error', rej);
    p.on('exit', (code) => (code === 0 ? res() : rej(new Error(`git ${args[0]} exited ${code}`))));
    if (input) input(p.stdin!).then(() => p.stdin!.end(), rej);
  });

const started = performance.now();
await run(['init', '-q', '-b', 'main']);
let commits = 0;
await run(['fast-import', '--quiet', '--done'], async (w) => {
  const write = (s: string | Buffer) => (w.write(s) ? Promise.resolve() : new Promise<void>((r) => w.once('drain', () => r())));
  const data = async (s: string) => {
    const b = Buffer.from(s, 'utf8');
    await write(`data ${b.length}\n`);
    await write(b);
    await write('\n');
  };
  let time = 1_700_000_000;
  for (let v = 1; v <= VERSIONS; v++) {
    for (const s of souls) {
      time += 60;
      const version = `1.${v - 1}.0`;
      const manifest = {
        specVersion: '0.4',
        name: s.name,
        displayName: s.displayName,
        version,
        description: `A ${s.role} persona that helps with ${s.tags.join(', ')}.`,
        author: { name: s.owner, github: s.owner },
        license: s.license,
        tags: s.tags,
        category: s.category,
        files: { soul: 'SOUL.md', identity: 'IDENTITY.md' },
      };
      const dir = `souls/${s.owner}/${s.name}`;
      await write(`commit refs/heads/main\n`);
      await write(`author ${s.owner} <${s.owner}@users.noreply.example> ${time} +0000\n`);
      await write(`committer Registry Bot <bot@soul-registry.invalid> ${time} +0000\n`);
      await data(`Publish ${s.owner}/${s.name} v${version}\n\nPublished-by: ${s.owner}\n`);
      await write(`M 100644 inline ${dir}/soul.json\n`);
      await data(JSON.stringify(manifest, null, 2) + '\n');
      await write(`M 100644 inline ${dir}/SOUL.md\n`);
      await data(soulMd(s.displayName, s.role, v));
      await write(`M 100644 inline ${dir}/IDENTITY.md\n`);
      await data(`# Identity\n\n- **Name:** ${s.displayName}\n- **Role:** ${s.role}\n`);
      await write('\n');
      commits++;
    }
  }
  await write('done\n');
});
console.log(`Wrote ${OUT}: ${SOULS} souls × ${VERSIONS} versions, ${OWNERS} owners, ${commits} commits in ${((performance.now() - started) / 1000).toFixed(1)} s`);
