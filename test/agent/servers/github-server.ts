/**
 * A local server speaking the GitHub REST protocol for pull requests: create
 * (POST /repos/{o}/{r}/pulls), list with a head filter (GET), update (PATCH). It keeps
 * the pull requests in memory and records every request it was asked.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePull {
  number: number;
  owner: string;
  repo: string;
  head: string;
  base: string;
  title: string;
  body: string;
  state: 'open' | 'closed';
}

/** The fields of a create or update pull request body the fake reads. */
export interface PullBody {
  head?: string;
  base?: string;
  title?: string;
  body?: string;
}

export interface FakeGitHub {
  url: string;
  pulls: FakePull[];
  requests: { method: string; path: string; query: URLSearchParams; body: PullBody | undefined; authorization?: string }[];
  close(): Promise<void>;
}

export async function startGitHubServer(): Promise<FakeGitHub> {
  const pulls: FakePull[] = [];
  const requests: FakeGitHub['requests'] = [];
  const webUrl = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const toJson = (p: FakePull) => ({
    number: p.number,
    state: p.state,
    title: p.title,
    body: p.body,
    html_url: `${webUrl()}/${p.owner}/${p.repo}/pull/${p.number}`,
    head: { ref: p.head, label: `${p.owner}:${p.head}` },
    base: { ref: p.base, label: `${p.owner}:${p.base}` },
  });
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const body = raw ? (JSON.parse(raw) as PullBody) : undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, body, authorization: req.headers.authorization });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const match = /^(?:\/api\/v3)?\/repos\/([^/]+)\/([^/]+)\/pulls(?:\/(\d+))?$/.exec(url.pathname);
      if (!match) return send(404, { message: 'Not Found' });
      const [, owner, repo, number] = match;
      if (req.method === 'GET' && !number) {
        const head = url.searchParams.get('head');
        const state = url.searchParams.get('state') ?? 'open';
        const found = pulls.filter((p) => p.owner === owner && p.repo === repo && (state === 'all' || p.state === state) && (!head || `${p.owner}:${p.head}` === head));
        return send(200, found.map(toJson));
      }
      if (req.method === 'POST' && !number) {
        if (!body?.head || !body.base || !body.title) return send(422, { message: 'Validation Failed' });
        if (pulls.some((p) => p.owner === owner && p.repo === repo && p.head === body.head && p.state === 'open')) {
          return send(422, { message: `A pull request already exists for ${owner}:${body.head}.` });
        }
        const pull: FakePull = { number: pulls.length + 1, owner, repo, head: body.head, base: body.base, title: body.title, body: body.body ?? '', state: 'open' };
        pulls.push(pull);
        return send(201, toJson(pull));
      }
      const pull = pulls.find((p) => p.owner === owner && p.repo === repo && p.number === Number(number));
      if (!pull) return send(404, { message: 'Not Found' });
      if (req.method === 'PATCH') {
        Object.assign(pull, { title: body?.title ?? pull.title, body: body?.body ?? pull.body });
        return send(200, toJson(pull));
      }
      return send(405, { message: 'Method Not Allowed' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: webUrl(), pulls, requests, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}
