import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Resolves true when nothing listens on 127.0.0.1:port. */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** The kernel's range for ephemeral (client) ports: [32768, 60999] on Linux unless configured. */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high) && low > 1024) return [low, high];
  } catch {
    // not Linux
  }
  return [32768, 60999];
}

/** What the OS gives for port 0: free right now, from the ephemeral range. */
function osPort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A port that is free right now, for a server started a moment later. It is taken below the
 * kernel's ephemeral range: a port from that range can be handed to some client connection
 * (a browser, a database pool) between this check and the server's listen, which then fails with
 * EADDRINUSE; below it only another server can take it. Falls back to the OS's choice.
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const [ephemeralLow] = ephemeralRange();
  const low = 10_000;
  const high = ephemeralLow - 1;
  for (let attempt = 0; high > low && attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (await isPortFree(port, host)) return port;
  }
  return osPort(host);
}
