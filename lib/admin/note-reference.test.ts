import { describe, expect, it } from "vitest";
import { noteIdFromReference } from "./note-reference";

describe("noteIdFromReference", () => {
  it("takes an id, or the id at the end of a note's URL", () => {
    expect(noteIdFromReference("  q3WvB8xZ1k ")).toBe("q3WvB8xZ1k");
    expect(noteIdFromReference("https://notes.example.com/q3WvB8xZ1k")).toBe("q3WvB8xZ1k");
    expect(noteIdFromReference("http://127.0.0.1:3000/q3WvB8xZ1k/?x=1#y")).toBe("q3WvB8xZ1k");
    expect(noteIdFromReference("https://example.com/notes/q3WvB8xZ1k")).toBe("q3WvB8xZ1k");
    expect(noteIdFromReference("https://n.example/api/v1/shares/q3WvB8xZ1k/meta")).toBe("q3WvB8xZ1k");
    expect(noteIdFromReference("https://n.example/api/v1/shares/q3WvB8xZ1k/read")).toBe("q3WvB8xZ1k");
  });

  it("finds nothing in anything else", () => {
    for (const text of [
      "",
      "q3WvB8xZ1",
      "q3WvB8xZ1k!",
      "https://n.example/",
      "https://n.example/q3WvB8xZ1k/x",
    ]) {
      expect(noteIdFromReference(text)).toBeNull();
    }
  });
});
