// Pure helpers for the pull-request workflows: read the facts the check and the comment need from
// `pull_request` and `workflow_run` webhook payloads, validate the report artifact (untrusted:
// it was produced by a run of pull-request code), and build or find the one sticky comment.
// No imports: the comment workflow loads this file directly with Node 24 (actions/github-script).

/** Hidden marker of the sticky comment; equal to REPORT_MARKER of report.ts. */
export const COMMENT_MARKER = '<!-- soul-registry:soul-check -->';
/** GitHub's limit is 65,536 characters per comment. */
export const MAX_COMMENT_CHARS = 65_000;

export interface PullRequestFacts {
  number: number;
  action: string;
  headSha: string;
  headRef: string;
  baseSha: string;
  baseRef: string;
  /** PR author's login. */
  author: string;
  /** The head branch lives in another repository (a fork), or the fork was deleted. */
  fork: boolean;
  headRepository: string | null;
  baseRepository: string;
}

export interface WorkflowRunFacts {
  runId: number;
  workflowName: string;
  /** The event that started the run (`pull_request`, `push`, ...). */
  event: string;
  conclusion: string | null;
  headSha: string;
  headBranch: string | null;
  /** The run's head is in another repository than the one the workflow runs in (a fork PR). */
  fork: boolean;
  headRepository: string | null;
  repository: string;
  /** PR numbers GitHub lists for the run; empty for pull requests from forks. */
  pullRequestNumbers: number[];
  /** Login that started the run (the PR author for pull_request runs). */
  actor: string | null;
}

const SHA_RE = /^[0-9a-f]{40}$/;

function obj(v: unknown): Record<string, unknown> | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

function need<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new TypeError(`payload has no ${what}; is this the right event?`);
  return value;
}

/** A positive safe integer, or null. Accepts digit strings too (artifact values are text). */
export function parsePrNumber(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

function isSha(v: unknown): v is string {
  return typeof v === 'string' && SHA_RE.test(v);
}

/**
 * The facts of a `pull_request` event payload. Throws a TypeError naming the missing field when
 * the payload is not one.
 *
 * @example readPullRequestEvent(context.payload).fork // true for a PR from a fork
 */
export function readPullRequestEvent(payload: unknown): PullRequestFacts {
  const p = need(obj(payload), 'object');
  const pr = need(obj(p['pull_request']), 'pull_request');
  const head = need(obj(pr['head']), 'pull_request.head');
  const base = need(obj(pr['base']), 'pull_request.base');
  const number = need(parsePrNumber(pr['number'] ?? p['number']), 'pull_request.number');
  const headSha = str(head['sha']);
  const baseSha = str(base['sha']);
  if (!isSha(headSha) || !isSha(baseSha)) throw new TypeError('payload has no 40-hex pull_request.head.sha / base.sha');
  const headRepo = str(obj(head['repo'])?.['full_name']);
  const baseRepo = need(str(obj(base['repo'])?.['full_name']), 'pull_request.base.repo.full_name');
  return {
    number,
    action: str(p['action']) ?? '',
    headSha,
    headRef: str(head['ref']) ?? '',
    baseSha,
    baseRef: str(base['ref']) ?? '',
    author: need(str(obj(pr['user'])?.['login']), 'pull_request.user.login'),
    // A deleted fork leaves head.repo null: treat it as a fork (never trusted).
    fork: headRepo === null || headRepo.toLowerCase() !== baseRepo.toLowerCase(),
    headRepository: headRepo,
    baseRepository: baseRepo,
  };
}

/**
 * The facts of a `workflow_run` event payload.
 *
 * @example const run = readWorkflowRunEvent(context.payload); if (run.event === 'pull_request') ...
 */
export function readWorkflowRunEvent(payload: unknown): WorkflowRunFacts {
  const p = need(obj(payload), 'object');
  const run = need(obj(p['workflow_run']), 'workflow_run');
  const runId = need(parsePrNumber(run['id']), 'workflow_run.id');
  const headSha = str(run['head_sha']);
  if (!isSha(headSha)) throw new TypeError('payload has no 40-hex workflow_run.head_sha');
  const repository = need(str(obj(run['repository'])?.['full_name']) ?? str(obj(p['repository'])?.['full_name']), 'workflow_run.repository.full_name');
  const headRepo = str(obj(run['head_repository'])?.['full_name']);
  const prs = Array.isArray(run['pull_requests']) ? run['pull_requests'] : [];
  return {
    runId,
    workflowName: str(run['name']) ?? str(obj(p['workflow'])?.['name']) ?? '',
    event: str(run['event']) ?? '',
    conclusion: str(run['conclusion']),
    headSha,
    headBranch: str(run['head_branch']),
    fork: headRepo === null || headRepo.toLowerCase() !== repository.toLowerCase(),
    headRepository: headRepo,
    repository,
    pullRequestNumbers: prs.map((x) => parsePrNumber(obj(x)?.['number'])).filter((n): n is number => n !== null),
    actor: str(obj(run['triggering_actor'])?.['login']) ?? str(obj(run['actor'])?.['login']),
  };
}

/** What the comment job may act on, after validating the artifact against the run. */
export interface CommentTarget {
  number: number;
  headSha: string;
}

/**
 * Validate the report artifact of a PR-scan run before anything is posted: its PR number must be
 * a positive integer and its head SHA must be the run's. Untrusted input: the artifact was
 * written by a job that ran pull-request code. Throws an Error saying what is wrong.
 *
 * @example readCommentTarget(JSON.parse(fs.readFileSync('report.json', 'utf8')), readWorkflowRunEvent(context.payload))
 */
export function readCommentTarget(report: unknown, run: WorkflowRunFacts): CommentTarget {
  const r = obj(report);
  if (!r) throw new Error('the report artifact is not a JSON object; nothing is posted');
  const number = parsePrNumber(obj(r['pullRequest'])?.['number']);
  if (number === null) throw new Error('the report artifact has no valid pullRequest.number (a positive integer); nothing is posted');
  const head = r['head'];
  if (!isSha(head)) throw new Error('the report artifact has no 40-hex head SHA; nothing is posted');
  if (head !== run.headSha) throw new Error(`the report is about ${head.slice(0, 7)} but the run built ${run.headSha.slice(0, 7)}; nothing is posted`);
  // GitHub lists the PR for same-repository runs: it must agree.
  if (run.pullRequestNumbers.length > 0 && !run.pullRequestNumbers.includes(number)) {
    throw new Error(`the report names PR #${number}, which is not a pull request of this run (${run.pullRequestNumbers.map((n) => `#${n}`).join(', ')}); nothing is posted`);
  }
  return { number, headSha: head };
}

/**
 * The sticky comment's body from the report's Markdown: marker first, @-mentions made inert
 * (a report must never notify people), other markers removed, cut to GitHub's size limit.
 *
 * @example buildCommentBody('## ✅ soul check ...') // '<!-- soul-registry:soul-check -->\n## ✅ soul check ...'
 */
export function buildCommentBody(markdown: string): string {
  let body = markdown.split(COMMENT_MARKER).join('').replace(/@(?=[A-Za-z0-9])/g, '@\u200b').trim();
  const room = MAX_COMMENT_CHARS - COMMENT_MARKER.length - 100;
  if (body.length > room) body = `${body.slice(0, room)}\n\n… (truncated)`;
  return `${COMMENT_MARKER}\n${body}\n`;
}

export interface IssueComment {
  id: number;
  body?: string | null;
  user?: { login?: string; type?: string } | null;
}

/**
 * The existing sticky comment: the first one carrying the marker written by `botLogin`
 * (default `github-actions[bot]`), so nobody else's comment is ever edited.
 */
export function findStickyComment(comments: readonly IssueComment[], botLogin = 'github-actions[bot]'): IssueComment | null {
  return comments.find((c) => typeof c.body === 'string' && c.body.startsWith(COMMENT_MARKER) && c.user?.login === botLogin) ?? null;
}
