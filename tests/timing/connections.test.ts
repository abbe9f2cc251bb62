// Slow clients and the connection cap, on the real server: a request whose body or headers trickle in is cut off
// after JWI_REQUEST_TIMEOUT_S (2 s here) with a 408 while other requests are answered; with
// JWI_MAX_CONNECTIONS=20, Node's server.maxConnections closes every connection beyond 20 at once, without an
// answer, until some close. Before, a trickling body held its connection for 300 s and there was no cap.
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../api/helpers.ts";

/** A raw connection; resolves `closed` with the time it was closed by the server and what it received. */
function rawConnection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (d) => (received += d));
  socket.on("error", () => {});
  const opened = Date.now();
  const connected = new Promise<void>((r) => socket.once("connect", () => r()));
  const closed = new Promise<{ afterMs: number; received: string }>((r) =>
    socket.once("close", () => r({ afterMs: Date.now() - opened, received })),
  );
  return { socket, connected, closed, isClosed: () => socket.destroyed || socket.readyState === "closed" };
}

describe("slow clients (JWI_REQUEST_TIMEOUT_S=2)", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { JWI_REQUEST_TIMEOUT_S: "2" } });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("a body that trickles in is cut off after about 2 s; other requests are answered meanwhile", async () => {
    const port = s.port;
    const slow = rawConnection(port);
    await slow.connected;
    slow.socket.write(
      'POST /api/waiting-list HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{"name":"',
    );
    // One more byte every 250 ms: never complete, never silent.
    const trickle = setInterval(() => !slow.isClosed() && slow.socket.write("a"), 250);
    const others: number[] = [];
    const probing = (async () => {
      while (!slow.isClosed()) {
        const t = performance.now();
        const res = await fetch(`${s.url}/api/health`);
        await res.arrayBuffer();
        expect(res.status).toBe(200);
        others.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const outcome = await Promise.race([slow.closed, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
    clearInterval(trickle);
    slow.socket.destroy();
    await probing;
    console.log(
      `trickling body: closed after ${outcome?.afterMs} ms with ${JSON.stringify(outcome?.received.split("\r\n")[0] ?? null)}; ${others.length} health requests meanwhile, slowest ${Math.round(Math.max(...others))} ms`,
    );
    expect(outcome).not.toBeNull();
    expect(outcome!.afterMs).toBeGreaterThanOrEqual(1_800);
    expect(outcome!.afterMs).toBeLessThan(5_000);
    expect(outcome!.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(others.length).toBeGreaterThan(5);
    expect(s.db.prepare(`SELECT count(*) FROM waiting_list WHERE name LIKE 'aaa%'`).pluck().get()).toBe(0);
  });

  it("headers that never end are cut off after about 2 s", async () => {
    const slow = rawConnection(s.port);
    await slow.connected;
    slow.socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    const trickle = setInterval(() => !slow.isClosed() && slow.socket.write("X-A: b\r\n"), 250);
    const outcome = await Promise.race([slow.closed, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
    clearInterval(trickle);
    slow.socket.destroy();
    expect(outcome).not.toBeNull();
    expect(outcome!.afterMs).toBeGreaterThanOrEqual(1_800);
    expect(outcome!.afterMs).toBeLessThan(5_000);
  });
});

describe("the connection cap (JWI_MAX_CONNECTIONS=20)", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { JWI_MAX_CONNECTIONS: "20", JWI_TRUST_PROXY: "false" } });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("with 40 idle sockets open, 20 are kept and 20 closed at once; a 21st connection is closed; health answers once they close", async () => {
    const sockets = Array.from({ length: 40 }, () => rawConnection(s.port));
    await Promise.all(sockets.map((c) => c.connected));
    await new Promise((r) => setTimeout(r, 500));
    const open = sockets.filter((c) => !c.isClosed());
    console.log(`40 idle sockets: ${open.length} kept open, ${40 - open.length} closed by the server`);
    expect(open).toHaveLength(20);
    const closedEarly = await Promise.all(sockets.filter((c) => c.isClosed()).map((c) => c.closed));
    for (const c of closedEarly) {
      expect(c.afterMs).toBeLessThan(500);
      expect(c.received).toBe(""); // closed without an answer
    }
    // A 21st client: its connection is closed without an answer.
    await expect(fetch(`${s.url}/api/health`)).rejects.toThrow();
    for (const c of sockets) c.socket.destroy();
    const started = Date.now();
    let status = 0;
    while (status !== 200 && Date.now() - started < 3_000) {
      status = await fetch(`${s.url}/api/health`).then(
        (r) => r.status,
        () => 0,
      );
    }
    expect(status).toBe(200);
  });
});

/**
 * Slowloris from one address: `count` connections from `from` (Linux routes all of 127.0.0.0/8 to loopback), each
 * sending a request's headers one byte a second and never finishing them. A connection the server closes is
 * opened again after a second, as an attacker would. Returns a stop function.
 */
function slowHeaders(port: number, from: string, count: number) {
  let stopped = false;
  const sockets = new Set<net.Socket>();
  const line = "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ";
  const open = () => {
    if (stopped) return;
    const socket = net.connect({ port, host: "127.0.0.1", localAddress: from });
    sockets.add(socket);
    let sent = 0;
    const trickle = setInterval(() => socket.writable && socket.write(line[sent++ % line.length]!), 1000);
    socket.on("error", () => {});
    socket.once("connect", () => socket.write(line[sent++]!));
    socket.once("close", () => {
      clearInterval(trickle);
      sockets.delete(socket);
      setTimeout(open, 1000).unref();
    });
  };
  for (let i = 0; i < count; i++) open();
  return {
    open: () => [...sockets].filter((s) => !s.connecting && !s.destroyed).length,
    stop() {
      stopped = true;
      for (const s of sockets) s.destroy();
    },
  };
}

/** One health probe on a fresh connection from 127.0.0.1, as a load balancer sends it: its status and time, 0 if none. */
function probe(port: number, timeoutMs: number): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get(
      { host: "127.0.0.1", port, path: "/api/health", agent: false, localAddress: "127.0.0.1", timeout: timeoutMs },
      (res) => {
        res.resume();
        res.once("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.once("timeout", () => req.destroy());
    req.once("error", () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

describe("one address trickling headers over many connections (JWI_MAX_CONNECTIONS=100, JWI_TRUST_PROXY=false)", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { JWI_MAX_CONNECTIONS: "100", JWI_TRUST_PROXY: "false" } });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("300 slow connections from 127.0.0.2 do not take the server offline: health probes from 127.0.0.1 are answered", async () => {
    const attack = slowHeaders(s.port, "127.0.0.2", 300);
    await new Promise((r) => setTimeout(r, 1_000));
    const results: { status: number; ms: number }[] = [];
    const until = Date.now() + 5_000;
    while (Date.now() < until) {
      results.push(await probe(s.port, 1_000));
      await new Promise((r) => setTimeout(r, 50));
    }
    const held = attack.open();
    attack.stop();
    const answered = results
      .filter((r) => r.status === 200)
      .map((r) => r.ms)
      .sort((a, b) => a - b);
    const p = (q: number) =>
      Math.round(answered[Math.min(answered.length - 1, Math.floor(q * answered.length))] ?? NaN);
    console.log(
      `slow headers from 127.0.0.2 (300 sockets, ${held} open at the end): ${answered.length} of ${results.length} health probes answered; ` +
        `median ${p(0.5)} ms, p95 ${p(0.95)} ms, slowest ${Math.round(answered.at(-1) ?? NaN)} ms`,
    );
    expect(results.length).toBeGreaterThan(20);
    expect(answered.length / results.length).toBeGreaterThanOrEqual(0.95);
    expect(p(0.95)).toBeLessThan(500);
  });
});
