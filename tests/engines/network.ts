/**
 * The tablet's network, between the browser and the server: a TCP relay that can refuse. WebDriver
 * has no offline switch, and a relay cuts the service worker's requests too, so "offline" here is a
 * real outage in every engine. The browser still believes it is online (navigator.onLine), as on a
 * quay with Wi-Fi and no way out.
 */
import net from 'node:net';

export interface Network {
  /** the app's address through the relay */
  url: string;
  offline(): void;
  online(): void;
  close(): Promise<void>;
}

export async function relayTo(target: string): Promise<Network> {
  const { hostname, port } = new URL(target);
  let up = true;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!up) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(Number(port), hostname);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: relayPort } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${relayPort}`,
    offline() {
      up = false;
      for (const s of open) s.resetAndDestroy();
    },
    online() {
      up = true;
    },
    close() {
      for (const s of open) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
