// Reviews and reports. The state store holds the authoritative review records (so concurrent
// writers are serialized by its constraints); each change also queues the review's file for the
// registry repository, where the coalescing flusher commits many of them at once.
import type { Hono } from 'hono';
import { RegistryError } from '../../../scripts/core/errors.ts';
import { buildReviewList, DEFAULT_REVIEW_LIMIT, MAX_PAGE_LIMIT } from '../../../scripts/core/registry-shapes.ts';
import type { Review, ReviewFile } from '../../../scripts/core/registry-shapes.ts';
import { isModerator, requireUser } from '../auth.ts';
import type { AppDeps } from '../deps.ts';
import { intParam, jsonResponse, readJsonObject } from '../http.ts';
import { StateConflictError } from '../state/types.ts';
import type { ReportReason, ReviewRecord } from '../state/types.ts';
import { soulId } from './reads.ts';

const BODY_LIMIT = 64 * 1024;
const MAX_REVIEW_BODY = 5000;
const MAX_REPORT_DETAILS = 2000;
const REASONS: readonly ReportReason[] = ['harmful-content', 'prompt-injection', 'malware', 'impersonation', 'spam', 'copyright', 'other'];
/** Review ids: ours are 22 base36 characters; imported review files may use any 1-64 of [A-Za-z0-9_-] (parseReviewFile). */
const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

/** The review file of a record (`reviews/<owner>/<name>/<id>.json`), as the build reads it. */
function toFile(r: ReviewRecord): ReviewFile {
  const f: ReviewFile = { id: r.id, rating: r.parentId === null ? r.rating : null, body: r.body, author: { username: r.author }, createdAt: r.createdAt, updatedAt: r.updatedAt, likes: r.likes };
  if (r.parentId !== null) f.parentId = r.parentId;
  return f;
}

/** The review file of a record (`reviews/<owner>/<name>/<id>.json`), as the build reads it. */
export function reviewFileOf(r: ReviewRecord): { path: string; content: Uint8Array } {
  return { path: `reviews/${r.owner}/${r.name}/${r.id}.json`, content: new TextEncoder().encode(`${JSON.stringify(toFile(r), null, 2)}\n`) };
}

function toReview(r: ReviewRecord): Review {
  return { id: r.id, rating: r.parentId === null ? r.rating : null, body: r.body, author: { username: r.author }, createdAt: r.createdAt, updatedAt: r.updatedAt, likes: r.likes, replies: [] };
}

/** A time-ordered random id: 10 base36 characters of milliseconds, 12 random. */
function newId(now: number): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  let rand = '';
  for (const b of bytes) rand += (b % 36).toString(36);
  return now.toString(36).padStart(10, '0') + rand;
}

function reviewBody(value: unknown, required: boolean): string | undefined {
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string') throw new RegistryError('BAD_REQUEST', '"body" must be a string of 1 to 5000 characters');
  const text = value.normalize('NFC').trim();
  if (text.length === 0) throw new RegistryError('BAD_REQUEST', '"body" is empty; write what you think of the soul');
  if (text.length > MAX_REVIEW_BODY) throw new RegistryError('BAD_REQUEST', `"body" is ${text.length} characters long; keep it at most ${MAX_REVIEW_BODY}`);
  return text;
}

function reviewRating(value: unknown, required: boolean): number | undefined {
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 5) throw new RegistryError('BAD_REQUEST', '"rating" must be a whole number from 1 to 5');
  return value;
}

export function registerReviews(api: Hono, deps: AppDeps): void {
  const now = deps.now ?? Date.now;
  const iso = (): string => new Date(now()).toISOString();

  const requireSoul = async (owner: string, name: string): Promise<void> => {
    if ((await deps.index.current()).get(owner, name) === null) throw new RegistryError('NOT_FOUND', `soul ${owner}/${name} not found; check the owner and name`);
  };
  const requireWritable = (): void => {
    if (deps.writes === null) throw new RegistryError('SERVICE_UNAVAILABLE', 'this registry is read-only; reviews cannot be written here');
  };
  const findReview = async (owner: string, name: string, id: string): Promise<ReviewRecord> => {
    const r = ID_RE.test(id) ? await deps.state.getReview(id) : null;
    if (r === null || r.owner !== owner || r.name !== name) throw new RegistryError('NOT_FOUND', `review ${JSON.stringify(id.slice(0, 40))} of ${owner}/${name} not found`);
    return r;
  };
  const queued = (): void => deps.writes?.kick();

  api.get('/souls/:owner/:name/reviews', async (c) => {
    const { owner, name } = soulId(c.req.param('owner'), c.req.param('name'));
    const limit = intParam(c.req.query('limit'), { name: 'limit', def: DEFAULT_REVIEW_LIMIT, min: 1, max: MAX_PAGE_LIMIT });
    const offset = intParam(c.req.query('offset'), { name: 'offset', def: 0, min: 0, max: 1_000_000 });
    const records = await deps.state.listReviews(owner, name);
    if (records.length === 0) await requireSoul(owner, name);
    return jsonResponse(buildReviewList(records.map(toFile), { limit, offset }));
  });

  api.post('/souls/:owner/:name/reviews', async (c) => {
    const { owner, name } = soulId(c.req.param('owner'), c.req.param('name'));
    const { account } = await requireUser(c.req.raw, deps);
    requireWritable();
    const body = await readJsonObject(c.req.raw, BODY_LIMIT);
    await requireSoul(owner, name);
    const parentId = body['parentId'];
    const text = reviewBody(body['body'], true)!;
    let record: ReviewRecord;
    const at = iso();
    if (parentId !== undefined && parentId !== null) {
      if (typeof parentId !== 'string') throw new RegistryError('BAD_REQUEST', '"parentId" must be the id of the review you reply to');
      if (body['rating'] !== undefined && body['rating'] !== null) throw new RegistryError('BAD_REQUEST', 'a reply has no rating; leave "rating" out');
      const parent = await findReview(owner, name, parentId);
      record = { id: newId(now()), owner, name, parentId: parent.id, author: account.username, rating: null, body: text, likes: 0, createdAt: at, updatedAt: at };
    } else {
      if (owner === account.username) throw new RegistryError('FORBIDDEN', 'you cannot review your own soul; reply to reviews instead');
      const rating = reviewRating(body['rating'], true)!;
      record = { id: newId(now()), owner, name, parentId: null, author: account.username, rating, body: text, likes: 0, createdAt: at, updatedAt: at };
    }
    try {
      await deps.state.createReview(record);
    } catch (err) {
      if (err instanceof StateConflictError) throw new RegistryError('CONFLICT', `you have already reviewed ${owner}/${name}; update your review with PUT /souls/${owner}/${name}/reviews/{id} instead`, { cause: err });
      throw err;
    }
    queued();
    return jsonResponse(toReview(record), { status: 201 });
  });

  api.put('/souls/:owner/:name/reviews/:id', async (c) => {
    const { owner, name } = soulId(c.req.param('owner'), c.req.param('name'));
    const { account } = await requireUser(c.req.raw, deps);
    requireWritable();
    const review = await findReview(owner, name, c.req.param('id'));
    if (review.author !== account.username) throw new RegistryError('FORBIDDEN', 'only the author of a review can change it');
    const body = await readJsonObject(c.req.raw, BODY_LIMIT);
    const text = reviewBody(body['body'], false);
    const rating = reviewRating(body['rating'], false);
    if (rating !== undefined && review.parentId !== null) throw new RegistryError('BAD_REQUEST', 'a reply has no rating; leave "rating" out');
    if (text === undefined && rating === undefined) throw new RegistryError('BAD_REQUEST', 'send "body" and/or "rating" to change');
    const at = iso();
    await deps.state.updateReview(review.id, { ...(text !== undefined ? { body: text } : {}), ...(rating !== undefined ? { rating } : {}), updatedAt: at });
    queued();
    const updated = (await deps.state.getReview(review.id)) ?? { ...review, body: text ?? review.body, rating: rating ?? review.rating, updatedAt: at };
    return jsonResponse(toReview(updated));
  });

  api.delete('/souls/:owner/:name/reviews/:id', async (c) => {
    const { owner, name } = soulId(c.req.param('owner'), c.req.param('name'));
    const { account } = await requireUser(c.req.raw, deps);
    requireWritable();
    const review = await findReview(owner, name, c.req.param('id'));
    if (review.author !== account.username && !isModerator(account, deps.config.superusers)) throw new RegistryError('FORBIDDEN', 'only the author of a review or a moderator can delete it');
    await deps.state.deleteReview(review.id);
    queued();
    return jsonResponse({ ok: true });
  });

  api.post('/souls/:owner/:name/reviews/:id/like', async (c) => {
    const { owner, name } = soulId(c.req.param('owner'), c.req.param('name'));
    const { account } = await requireUser(c.req.raw, deps);
    requireWritable();
    const review = await findReview(owner, name, c.req.param('id'));
    const result = await deps.state.likeReview(review.id, account.username);
    if (result === null) throw new RegistryError('NOT_FOUND', `review ${review.id} of ${owner}/${name} not found`);
    if (result.liked) queued();
    return jsonResponse({ ok: true, likes: result.likes, liked: result.liked });
  });

  api.post('/souls/:owner/:name/report', async (c) => {
    const { owner, name } = soulId(c.req.param('owner'), c.req.param('name'));
    const { account } = await requireUser(c.req.raw, deps);
    const body = await readJsonObject(c.req.raw, BODY_LIMIT);
    const reason = body['reason'];
    if (typeof reason !== 'string' || !(REASONS as readonly string[]).includes(reason)) throw new RegistryError('BAD_REQUEST', `"reason" must be one of ${REASONS.join(', ')}`);
    const details = body['details'];
    if (details !== undefined && details !== null && typeof details !== 'string') throw new RegistryError('BAD_REQUEST', '"details" must be a string');
    if (typeof details === 'string' && details.length > MAX_REPORT_DETAILS) throw new RegistryError('BAD_REQUEST', `"details" is ${details.length} characters long; keep it at most ${MAX_REPORT_DETAILS}`);
    await requireSoul(owner, name);
    const report = await deps.state.createReport({ owner, name, reporter: account.username, reason: reason as ReportReason, details: typeof details === 'string' && details.trim() !== '' ? details.trim() : null });
    return jsonResponse({ ok: true, id: report.id }, { status: 201 });
  });
}
