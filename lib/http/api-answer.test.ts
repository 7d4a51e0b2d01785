import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { sendAnswer } from "../server/send-response";
import { ApiAnswer, toResponse } from "./api-answer";

// A header given several values (Set-Cookie) goes out as that many header lines, whether Next.js
// sends the answer (toResponse) or the front server does (sendAnswer).

const cookies = ["a=1; Path=/; HttpOnly", "b=2; Path=/auth/sign-out; HttpOnly"];
const answer = () => new ApiAnswer(null, { status: 303, headers: { location: "/", "set-cookie": cookies } });

describe("an answer's header with several values", () => {
  it("is one header line each in the Web Response", () => {
    const response = toResponse(answer());
    expect([response.status, response.headers.get("location"), response.headers.getSetCookie()]).toEqual([
      303,
      "/",
      cookies,
    ]);
  });

  it("is one header line each from the front server", async () => {
    const server = createServer((_request, response) => void sendAnswer(response, answer()));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`, { redirect: "manual" });
      expect([response.status, response.headers.getSetCookie()]).toEqual([303, cookies]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
