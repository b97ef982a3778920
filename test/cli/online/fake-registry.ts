// A small fake registry on 127.0.0.1 for the online commands: routes by "METHOD /path" (below
// /api/v1), records every request, answers 404 { error, code } for anything else.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path below /api/v1, without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body, or undefined. */
  body: unknown;
  /** ms since the epoch when the request arrived. */
  at: number;
}

export interface FakeResponse {
  status?: number;
  /** JSON body. */
  body?: unknown;
  /** A raw body instead of JSON. */
  raw?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
}

export type Route = FakeResponse | ((req: RecordedRequest) => FakeResponse);

export interface FakeRegistry {
  /** The API base, `http://127.0.0.1:<port>/api/v1`. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Requests whose key ("METHOD /path") matches. */
  calls(key: string): RecordedRequest[];
  route(key: string, route: Route): void;
  close(): Promise<void>;
}

/** Start a fake registry; close it in afterEach. */
export async function startFakeRegistry(routes: Record<string, Route> = {}): Promise<FakeRegistry> {
  const table = new Map<string, Route>(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        body = text;
      }
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path, query: url.searchParams, headers: req.headers, body, at: Date.now() };
      requests.push(recorded);
      const route = table.get(`${recorded.method} ${path}`);
      const answer: FakeResponse = route === undefined ? { status: 404, body: { error: `no route ${recorded.method} ${path}`, code: 'NOT_FOUND' } } : typeof route === 'function' ? route(recorded) : route;
      const send = (): void => {
        if (res.destroyed) return;
        const headers: Record<string, string> = { ...(answer.raw === undefined ? { 'content-type': 'application/json' } : {}), ...answer.headers };
        res.writeHead(answer.status ?? 200, headers);
        res.end(answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    requests,
    calls: (key) => requests.filter((r) => `${r.method} ${r.path}` === key),
    route: (key, route) => void table.set(key, route),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** A personal token of the right shape (never a real one). */
export function fakeToken(tail = 'A'): string {
  return `cs_${'x'.repeat(36)}${tail.padStart(4, '0')}`;
}
