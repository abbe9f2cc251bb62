// The per-address connection limit on a real node:http server and real loopback sockets from several addresses
// (Linux routes all of 127.0.0.0/8 to loopback), and the defaults the environment gives it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressKey, guardConnections } from "./connection-guard.ts";
import { configFromEnv, readApiEnv } from "../api/env.ts";

describe("addressKey", () => {
  it("counts IPv4 addresses one by one and IPv6 ones by their /64", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2::9")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
});

describe("guardConnections (3 per address, 127.0.0.3 a trusted proxy)", () => {
  const server = http.createServer((_req, res) => res.end("ok"));
  let port = 0;
  const sockets: net.Socket[] = [];
  beforeAll(async () => {
    guardConnections(server, { perAddress: 3, trusted: (a) => a === "127.0.0.3" });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
  });

  /** Opens n idle connections from an address; after a moment, how many the server left open. */
  async function keptOpen(from: string, n: number): Promise<number> {
    const mine = Array.from({ length: n }, () =>
      net.connect({ port, host: "127.0.0.1", localAddress: from }).on("error", () => {}),
    );
    sockets.push(...mine);
    await Promise.all(mine.map((s) => new Promise((r) => s.once("connect", r))));
    await new Promise((r) => setTimeout(r, 300));
    return mine.filter((s) => !s.destroyed && s.readyState === "open").length;
  }

  it("keeps 3 connections of an address and closes its others; other addresses and the trusted proxy are not affected", async () => {
    expect(await keptOpen("127.0.0.2", 6)).toBe(3);
    expect(await keptOpen("127.0.0.4", 2)).toBe(2);
    expect(await keptOpen("127.0.0.3", 6)).toBe(6);
    // A closed connection gives its slot back.
    sockets.find((s) => s.localAddress === "127.0.0.2" && !s.destroyed)!.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(await keptOpen("127.0.0.2", 2)).toBe(1);
  });
});

describe("the defaults", () => {
  it("64 connections per address and 10 s for the headers", () => {
    const http = configFromEnv(readApiEnv({})).http;
    expect(http.maxConnectionsPerAddress).toBe(64);
    expect(http.headersTimeoutMs).toBe(10_000);
  });
});
