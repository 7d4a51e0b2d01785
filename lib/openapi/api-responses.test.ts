import { describe, expect, it } from "vitest";
import { createRefused } from "./api-responses";

describe("createRefused", () => {
  it("names what a create's 401 can say under the server's settings", () => {
    expect(createRefused({ key: false, signIn: false }).codes).toEqual(["bad_api_key"]);
    expect(createRefused({ key: false, signIn: true }).codes).toEqual(["bad_api_key", "sign_in_required"]);
    // CREATE_REQUIRES_KEY wins: a key is needed whoever is signed in.
    expect(createRefused({ key: true, signIn: true })).toEqual({
      description: "No key, or a bad key",
      codes: ["bad_api_key"],
    });
  });
});
