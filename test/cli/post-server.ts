// A raw Streamable HTTP server for `check --url` tests: each POST body is read whole and handed over parsed; any
// other method is answered 405 (the GET stream the lister opens once initialized: the server offers none).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running server: its origin (`http://127.0.0.1:<port>`) and how to stop it. */
export interface PostServer {
  readonly origin: string;
  close(): void;
}

/** Starts a server on a free loopback port that calls `answer` with each POST's parsed body. */
export async function startPostServer(
  answer: (message: Record<string, unknown>, req: IncomingMessage, res: ServerResponse) => void,
): Promise<PostServer> {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      if (req.method !== 'POST') return res.writeHead(405).end();
      answer(JSON.parse(body) as Record<string, unknown>, req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
