// The least a durable collector does, for the ingest bench to measure beside the real one: node:http,
// the body parsed as JSON, one journal line a request appended with a group commit (the requests that
// arrive while one append is synced gather into the next, as the real writer does), and a JSON answer
// once the line is on disk. No framework, validation, enrichment, detection or event store.
// Usage: node durable-floor-server.mjs <port> <journal file>
import { open } from 'node:fs/promises';
import http from 'node:http';

const [port, file] = process.argv.slice(2);
const journal = await open(file, 'a');

/** @type {{ line: string, done: () => void }[]} */
let waiting = [];
let committing = false;

async function commit() {
  committing = true;
  while (waiting.length > 0) {
    const batch = waiting;
    waiting = [];
    await journal.write(batch.map((write) => write.line).join(''));
    await journal.datasync();
    for (const write of batch) write.done();
  }
  committing = false;
}

function append(line) {
  return new Promise((done) => {
    waiting.push({ line, done });
    if (!committing) void commit();
  });
}

function answer(response, status, body) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

http
  .createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      let row;
      try {
        const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        row = {
          id: event.eventId,
          sessionId: event.sessionId,
          ts: new Date(event.ts).toISOString(),
          url: event.url,
          referrer: event.referrer,
          ip: request.headers['x-forwarded-for'],
          userAgent: request.headers['user-agent'],
          signals: event.signals,
        };
      } catch {
        // Not a page view (the bench's readiness probe, say): refused, as the collector would.
        answer(response, 400, { error: 'Not a page view' });
        return;
      }
      append(`${JSON.stringify(row)}\n`).then(() => answer(response, 200, { hitId: row.id }));
    });
  })
  .listen(Number(port), '127.0.0.1');
