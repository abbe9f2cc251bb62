// An Express app (no fast path in front, unlike startServer) listening on a random loopback port.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

export async function listenLocal(app: { listen(port: number, host: string): Server }): Promise<Server> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  return server;
}

/** `http://127.0.0.1:PORT` of a listening server. */
export function origin(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
