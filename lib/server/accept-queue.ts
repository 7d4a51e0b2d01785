import { readFileSync } from "node:fs";

// The connections the kernel has queued on a listening socket: their handshake is done, the server
// has not accepted them yet. Closing the socket resets each of them, so the server drains the queue
// first (lib/server/stop-server.ts). Linux tells the length in /proc/net/tcp and tcp6, as the
// listening socket's rx_queue; elsewhere it cannot be told, and the queue counts as empty.

const listening = "0A";

/** How many connections wait in the accept queue of the listening socket on `port`. */
export function acceptQueueLength(port: number): number {
  const portHex = port.toString(16).toUpperCase().padStart(4, "0");
  let queued = 0;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue ...
      const [, local = "", , state, queues = ""] = line.trim().split(/\s+/);
      if (state !== listening || !local.endsWith(`:${portHex}`)) continue;
      queued += Number.parseInt(queues.split(":")[1] ?? "0", 16) || 0;
    }
  }
  return queued;
}
