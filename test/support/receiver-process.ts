import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Child-process entry: a webhook receiver of its own, as a real receiver is, so the arrival times
 * it records are not skewed by the sending process's event loop. Answers 204; tells the parent its
 * port, and on 'report' sends the arrivals as `{ id, at }` (the message id and the epoch ms when
 * the request ended).
 */
const arrivals: { id: string; at: number }[] = [];
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const at = Date.now();
    arrivals.push({ id: String(request.headers['webhook-id'] ?? ''), at });
    response.writeHead(204).end();
  });
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('message', (message) => {
  if (message === 'report') process.send?.({ arrivals });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
