/**
 * The physical limit of the server benchmark: a bare node:http server that answers each GET with
 * bytes it holds in memory (the same bytes the real server sent for that path) and each POST with
 * `1` once the body has been read. Started as its own process, like the real server.
 *
 * A GET with If-None-Match is answered 304.
 *
 *   node --import tsx bench/lib/bare-server.ts <bodies.json>   # {"/path": {"file": "...", "type": "application/json"}}
 */
import fs from 'node:fs';
import http from 'node:http';

const spec = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as Record<string, { file: string; type: string }>;
const bodies = new Map(Object.entries(spec).map(([p, v]) => [p, { bytes: fs.readFileSync(v.file), type: v.type }]));

const server = http.createServer((req, res) => {
  if (req.method === 'POST') {
    req.on('data', () => {});
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1', 'cache-control': 'no-store' });
      res.end('1');
    });
    return;
  }
  const body = bodies.get((req.url ?? '/').split('?')[0]!);
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  // a conditional GET: the limit of answering "not modified"
  if (req.headers['if-none-match']) {
    res.writeHead(304, { 'cache-control': 'no-store' }).end();
    return;
  }
  res.writeHead(200, { 'content-type': body.type, 'content-length': String(body.bytes.byteLength), 'cache-control': 'no-store' });
  res.end(body.bytes);
});
server.listen(0, '127.0.0.1', () => {
  const a = server.address();
  if (a && typeof a === 'object') console.log(`listening on http://127.0.0.1:${a.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
