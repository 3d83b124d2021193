/**
 * The other side of `npm run bench:events`, in its own process so its sockets and buffers do not
 * count against the server's memory: opens COUNT event streams round-robin over the tokens in
 * TOKENS_FILE, waits until each has said 'ready', prints `connected <n>`, then holds them open
 * until its standard input closes.
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

const [base = '', countText = '0', tokensFile = ''] = process.argv.slice(2);
const count = Number(countText);
const tokens = JSON.parse(readFileSync(tokensFile, 'utf8')) as string[];
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
let ready = 0;
let failed = 0;

function open(index: number): Promise<void> {
  return new Promise((resolve) => {
    const req = request(`${base}/api/events`, {
      agent,
      headers: { authorization: `Bearer ${tokens[index % tokens.length]}`, accept: 'text/event-stream' },
    });
    req.on('response', (response) => {
      let seen = '';
      response.setEncoding('utf8');
      const onData = (chunk: string) => {
        seen += chunk;
        if (seen.includes('event: ready')) {
          ready += 1;
          response.off('data', onData);
          response.on('data', () => {});
          resolve();
        }
      };
      response.on('data', onData);
    });
    req.on('error', () => {
      failed += 1;
      resolve();
    });
    req.end();
  });
}

// Open in waves so the accept queue is never flooded.
for (let start = 0; start < count; start += 500) {
  await Promise.all(Array.from({ length: Math.min(500, count - start) }, (_, i) => open(start + i)));
}
process.stdout.write(`connected ${ready} failed ${failed}\n`);
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
