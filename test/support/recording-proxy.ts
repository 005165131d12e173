import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedResponse {
  method: string;
  path: string;
  status: number;
  body: string;
  /** What the client sent (a JSON body, as text; '' for none). */
  requestBody: string;
}

/**
 * A plain HTTP proxy in front of the api that keeps every response body it passes on, so a suite
 * can scan what clients actually received (not what a handler meant to send).
 */
export const startRecordingProxy = async (target: string) => {
  const targetUrl = new URL(target);
  const recorded: RecordedResponse[] = [];
  const server = createServer((incoming, outgoing) => {
    const sent: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => sent.push(chunk));
    const headers: IncomingHttpHeaders = { ...incoming.headers, host: targetUrl.host };
    const forward = request(
      { hostname: targetUrl.hostname, port: targetUrl.port, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          recorded.push({
            method: incoming.method ?? 'GET',
            path: incoming.url ?? '',
            status: answer.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            requestBody: Buffer.concat(sent).toString('utf8'),
          }),
        );
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', (error) => {
      outgoing.writeHead(502);
      outgoing.end(String(error));
    });
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    recorded,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
