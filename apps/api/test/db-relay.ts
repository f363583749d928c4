import net from "node:net";
import { findFreePort } from "@odin/db/embedded";

export interface DbRelay {
  port: number;
  /** Refuses new connections (ECONNREFUSED) and drops the open ones, as a stopped server would. */
  cut(): Promise<void>;
  /** Listens again on the same port, as a restarted server would. */
  restore(): Promise<void>;
  /** A database URL rewritten to go through the relay. */
  through(url: string): string;
}

/** A TCP relay in front of PostgreSQL that can be cut: then the database is really unreachable. */
export async function startRelay(target: { host: string; port: number }): Promise<DbRelay> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await findFreePort();
  const listen = () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  await listen();
  return {
    port,
    async cut() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: listen,
    through(url: string) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);
      return parsed.toString();
    },
  };
}
