import net from 'node:net';

/**
 * A TCP proxy in front of a real server (PostgreSQL in the outage tests): `cut()` drops every open
 * connection and refuses new ones, as a network partition or a stopped server would; `restore()`
 * listens again on the same port. The server behind it never stops, so other tests go on.
 */
export interface TcpProxy {
  port: number;
  /** Connections made through the proxy so far (refused ones while cut included). */
  attempts(): number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let attempts = 0;
  let server = net.createServer();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = net.createServer((client) => {
        attempts += 1;
        const upstream = net.connect(target.port, target.host);
        open.add(client);
        open.add(upstream);
        const end = () => {
          client.destroy();
          upstream.destroy();
          open.delete(client);
          open.delete(upstream);
        };
        client.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of open) socket.destroy();
      open.clear();
      if (!server.listening) resolve();
      else server.close(() => resolve());
    });
  const port = await listen(0);
  // While cut, connection attempts are counted by a listener that refuses them at once.
  let refuser: net.Server | null = null;
  return {
    port,
    attempts: () => attempts,
    async cut() {
      if (refuser) return;
      await stop();
      refuser = net.createServer((socket) => {
        attempts += 1;
        socket.destroy();
      });
      await new Promise<void>((resolve) => refuser?.listen(port, '127.0.0.1', () => resolve()));
    },
    async restore() {
      if (!refuser) return;
      await new Promise<void>((resolve) => (refuser ? refuser.close(() => resolve()) : resolve()));
      refuser = null;
      await listen(port);
    },
    async close() {
      await new Promise<void>((resolve) => (refuser ? refuser.close(() => resolve()) : resolve()));
      await stop();
    },
  };
}
