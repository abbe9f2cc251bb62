// Connections per client address (docs/architecture.md, "Slow clients and connection limits"). The server's
// overall cap (JWI_MAX_CONNECTIONS) alone lets one client fill every slot with connections that trickle their
// headers in; this keeps each address to its own share, so health probes and everyone else still get in.
// Connections from a trusted proxy (JWI_TRUST_PROXY) are not counted: behind a proxy every client shares the
// proxy's address, and the proxy limits each client itself (README, "Deployment").
import type { Server } from "node:http";
import net from "node:net";

/**
 * The key one client's connections are counted under: an IPv4 address as it is (IPv4-mapped IPv6 included), an
 * IPv6 address by its /64 prefix (one subscriber is usually given a whole /64 and can pick any address in it).
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (net.isIPv4(address) || !net.isIPv6(address)) return address;
  const bare = address.split("%")[0]!;
  const [head, tail] = bare.includes("::") ? bare.split("::") : [bare, undefined];
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  // An embedded IPv4 tail (::1.2.3.4) stands for two groups; only the first four groups matter here.
  const rightGroups = right.reduce((n, g) => n + (g.includes(".") ? 2 : 1), 0);
  const groups = [
    ...left,
    ...Array<string>(tail === undefined ? 0 : 8 - left.length - rightGroups).fill("0"),
    ...right,
  ];
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(":")}::/64`;
}

export interface ConnectionGuardOptions {
  /** Open connections one address may hold at once; 0: no limit. */
  perAddress: number;
  /** True for a peer that is a trusted proxy (Express's `trust proxy fn` with hop 0): not counted. */
  trusted: (address: string) => boolean;
  /** Told once per address each time it reaches the limit (for a log line). */
  onLimited?: (key: string) => void;
}

/**
 * Closes, without an answer, every new connection of an address that already holds `perAddress` open ones.
 * Returns how many each address holds (tests and logs).
 */
export function guardConnections(server: Server, opts: ConnectionGuardOptions): Map<string, number> {
  const open = new Map<string, number>();
  if (opts.perAddress <= 0) return open;
  const limited = new Set<string>();
  server.on("connection", (socket: net.Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || opts.trusted(address)) return;
    const key = addressKey(address);
    const held = open.get(key) ?? 0;
    if (held >= opts.perAddress) {
      if (!limited.has(key)) {
        limited.add(key);
        opts.onLimited?.(key);
      }
      socket.destroy();
      return;
    }
    open.set(key, held + 1);
    socket.once("close", () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else {
        open.delete(key);
        limited.delete(key);
      }
    });
  });
  return open;
}
