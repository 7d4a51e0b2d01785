import { spawn } from "node:child_process";
import { connect, type Socket } from "node:net";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { acceptQueueLength } from "./accept-queue";

// A real listening socket in another process that never accepts (its event loop is blocked right
// after it listens): every connection made to it waits in the kernel's accept queue.
const neverAccepts = `
const server = require("node:net").createServer();
server.listen(0, "127.0.0.1", () => {
  console.log(server.address().port);
  for (;;);
});`;

describe.runIf(process.platform === "linux")("acceptQueueLength", () => {
  it("counts the connections the kernel queued on a listening socket", async () => {
    const child = spawn(process.execPath, ["-e", neverAccepts], { stdio: ["ignore", "pipe", "inherit"] });
    const sockets: Socket[] = [];
    try {
      const [output] = (await once(child.stdout, "data")) as [Buffer];
      const port = Number(output.toString().trim());
      expect(acceptQueueLength(port)).toBe(0);
      for (let opened = 0; opened < 3; opened++) {
        const socket = connect(port, "127.0.0.1");
        sockets.push(socket);
        await once(socket, "connect");
      }
      expect(acceptQueueLength(port)).toBe(3);
    } finally {
      for (const socket of sockets) socket.destroy();
      child.kill("SIGKILL");
    }
  });
});
