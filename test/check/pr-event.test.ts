import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMENT_MARKER, MAX_COMMENT_CHARS, buildCommentBody, findStickyComment, parsePrNumber, readCommentTarget, readPullRequestEvent, readWorkflowRunEvent } from '../../scripts/check/pr-event.ts';
import { ROOT } from '../cli/run.ts';

interface WebhookGroup {
  name: string;
  examples: Record<string, unknown>[];
}

// Every index of @octokit/webhooks-examples: github.com and each GitHub Enterprise Server version.
const EXAMPLES_DIR = join(ROOT, 'node_modules/@octokit/webhooks-examples');
const INDEXES = readdirSync(EXAMPLES_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => ({ source: d.name, groups: JSON.parse(readFileSync(join(EXAMPLES_DIR, d.name, 'index.json'), 'utf8')) as WebhookGroup[] }));

function examples(event: string): [string, Record<string, unknown>][] {
  return INDEXES.flatMap(({ source, groups }) => (groups.find((g) => g.name === event)?.examples ?? []).map((e, i) => [`${source} #${i} ${String(e['action'])}`, e] as [string, Record<string, unknown>]));
}

const PULL_REQUESTS = examples('pull_request');
const WORKFLOW_RUNS = examples('workflow_run');

function clone<T>(value: T): T {
  return structuredClone(value);
}

describe('readPullRequestEvent over every example payload', () => {
  it('has examples to run over', () => {
    expect(PULL_REQUESTS.length).toBeGreaterThanOrEqual(29);
  });

  it.each(PULL_REQUESTS)('%s', (_name, payload) => {
    const facts = readPullRequestEvent(payload);
    const pr = payload['pull_request'] as { number: number; head: { sha: string; repo: { full_name: string } | null }; base: { sha: string; repo: { full_name: string } }; user: { login: string } };
    expect(facts.number).toBe(pr.number);
    expect(facts.headSha).toBe(pr.head.sha);
    expect(facts.baseSha).toBe(pr.base.sha);
    expect(facts.author).toBe(pr.user.login);
    expect(facts.fork).toBe(pr.head.repo?.full_name !== pr.base.repo.full_name);
    expect(facts.action).toBe(payload['action']);
  });

  it('marks a pull request from a fork', () => {
    const payload = clone(PULL_REQUESTS[0]![1]) as { pull_request: { head: { repo: { full_name: string } } } };
    payload.pull_request.head.repo.full_name = 'someone/Hello-World';
    expect(readPullRequestEvent(payload).fork).toBe(true);
  });

  it('treats a deleted fork (head.repo null) as a fork', () => {
    const payload = clone(PULL_REQUESTS[0]![1]) as { pull_request: { head: { repo: unknown } } };
    payload.pull_request.head.repo = null;
    expect(readPullRequestEvent(payload)).toMatchObject({ fork: true, headRepository: null });
  });

  it('rejects a payload of another event, naming the missing field', () => {
    expect(() => readPullRequestEvent(WORKFLOW_RUNS[0]![1])).toThrow(/pull_request/);
    expect(() => readPullRequestEvent(null)).toThrow(TypeError);
  });
});

describe('readWorkflowRunEvent over every example payload', () => {
  it('has examples to run over', () => {
    expect(WORKFLOW_RUNS.length).toBeGreaterThanOrEqual(5);
  });

  it.each(WORKFLOW_RUNS)('%s', (_name, payload) => {
    const facts = readWorkflowRunEvent(payload);
    const run = payload['workflow_run'] as { id: number; head_sha: string; event: string; pull_requests: { number: number }[]; head_repository: { full_name: string }; repository: { full_name: string } };
    expect(facts.runId).toBe(run.id);
    expect(facts.headSha).toBe(run.head_sha);
    expect(facts.event).toBe(run.event);
    expect(facts.pullRequestNumbers).toEqual(run.pull_requests.map((p) => p.number));
    expect(facts.fork).toBe(run.head_repository.full_name !== run.repository.full_name);
  });

  it('rejects a pull_request payload', () => {
    expect(() => readWorkflowRunEvent(PULL_REQUESTS[0]![1])).toThrow(/workflow_run/);
  });
});

describe('readCommentTarget', () => {
  const withPr = WORKFLOW_RUNS.find(([, p]) => ((p['workflow_run'] as { pull_requests: unknown[] }).pull_requests.length ?? 0) > 0)![1];
  const run = readWorkflowRunEvent(withPr);
  const listed = run.pullRequestNumbers[0]!;

  it('accepts a report about the run head and a PR the run lists', () => {
    expect(readCommentTarget({ head: run.headSha, pullRequest: { number: listed } }, run)).toEqual({ number: listed, headSha: run.headSha });
  });

  it('accepts a PR number for a fork run, where GitHub lists no pull requests', () => {
    const fork = { ...run, pullRequestNumbers: [], fork: true };
    expect(readCommentTarget({ head: run.headSha, pullRequest: { number: '42' } }, fork).number).toBe(42);
  });

  it.each([
    ['a missing number', { head: 'x' }],
    ['a negative number', { pullRequest: { number: -1 } }],
    ['a fraction', { pullRequest: { number: 1.5 } }],
    ['an expression', { pullRequest: { number: '1; rm -rf /' } }],
    ['a huge number', { pullRequest: { number: 2 ** 60 } }],
  ])('refuses %s', (_label, report) => {
    expect(() => readCommentTarget({ head: run.headSha, ...report }, { ...run, pullRequestNumbers: [] })).toThrow(/pullRequest\.number/);
  });

  it('refuses a report about another commit', () => {
    expect(() => readCommentTarget({ head: 'f'.repeat(40), pullRequest: { number: listed } }, run)).toThrow(/nothing is posted/);
  });

  it('refuses a PR number the run does not list', () => {
    expect(() => readCommentTarget({ head: run.headSha, pullRequest: { number: listed + 1000 } }, run)).toThrow(/not a pull request of this run/);
  });

  it('refuses a report that is not an object', () => {
    expect(() => readCommentTarget('[]', run)).toThrow(/not a JSON object/);
  });
});

describe('sticky comment', () => {
  it('puts the marker first and only once', () => {
    const body = buildCommentBody(`${COMMENT_MARKER}\n## report\n${COMMENT_MARKER}`);
    expect(body.startsWith(`${COMMENT_MARKER}\n## report`)).toBe(true);
    expect(body.split(COMMENT_MARKER)).toHaveLength(2);
  });

  it('makes @-mentions inert', () => {
    expect(buildCommentBody('ping @octocat and @org/team')).not.toMatch(/@[a-z]/);
  });

  it('stays under the comment size limit', () => {
    expect(buildCommentBody('x'.repeat(200_000)).length).toBeLessThanOrEqual(MAX_COMMENT_CHARS);
  });

  it('finds only the bot comment that carries the marker', () => {
    const comments = [
      { id: 1, body: `${COMMENT_MARKER}\nspoofed`, user: { login: 'mallory' } },
      { id: 2, body: 'hello', user: { login: 'github-actions[bot]' } },
      { id: 3, body: `${COMMENT_MARKER}\nreport`, user: { login: 'github-actions[bot]' } },
    ];
    expect(findStickyComment(comments)?.id).toBe(3);
    expect(findStickyComment(comments.slice(0, 2))).toBeNull();
  });

  it('parses PR numbers strictly', () => {
    expect(parsePrNumber('17')).toBe(17);
    expect(parsePrNumber(' 17 ')).toBe(17);
    expect(parsePrNumber('017')).toBeNull();
    expect(parsePrNumber('1e3')).toBeNull();
    expect(parsePrNumber(0)).toBeNull();
  });
});
