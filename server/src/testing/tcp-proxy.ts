import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a PostgreSQL server, for fault tests: it passes traffic through until it is told to
 * black-hole, then it keeps every connection open and answers nothing (a network partition, a firewall that
 * drops packets), new connections included, until `restore()`.
 */
export interface TcpProxy {
  /** The connection string of the same database through the proxy. */
  url: string;
  blackHole(): void;
  restore(): void;
  close(): Promise<void>;
}

/** Where a PostgreSQL URL points: a host and port, or a Unix socket (`?host=/dir`). */
function upstreamOf(url: URL): { path: string } | { host: string; port: number } {
  const socketDir = url.searchParams.get('host');
  const port = Number(url.port || 5432);
  if (socketDir?.startsWith('/')) return { path: `${socketDir}/.s.PGSQL.${port}` };
  return { host: url.hostname || '127.0.0.1', port };
}

export async function startTcpProxy(databaseUrl: string): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  const upstream = upstreamOf(target);
  let dark = false;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const server: Server = createServer((client) => {
    track(client);
    // A connection made while dark is accepted and then never answered.
    if (dark) {
      client.on('data', () => undefined);
      return;
    }
    const server = connect(upstream);
    track(server);
    // While dark, nothing goes through in either direction; the bytes are dropped.
    client.on('data', (chunk) => {
      if (!dark) server.write(chunk);
    });
    server.on('data', (chunk) => {
      if (!dark) client.write(chunk);
    });
    client.on('close', () => server.destroy());
    server.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as { port: number }).port);
  proxied.searchParams.delete('host');
  return {
    url: proxied.toString(),
    blackHole() {
      dark = true;
    },
    restore() {
      dark = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
