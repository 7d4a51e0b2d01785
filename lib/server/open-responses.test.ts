import type { ServerResponse } from "node:http";
import v8 from "node:v8";
import { describe, expect, it } from "vitest";
import { collector } from "../process/young-garbage";
import { OpenResponses } from "./open-responses";
import { MiB } from "../byte-units";

const response = (name: string) => ({ name }) as unknown as ServerResponse;
const names = (open: OpenResponses) => [...open].map((each) => (each as unknown as { name: string }).name);

const oldSpaceUsed = () =>
  v8.getHeapSpaceStatistics().find((space) => space.space_name === "old_space")?.space_used_size ?? 0;

describe("OpenResponses", () => {
  it("lists the responses still open, newest first, whichever are taken out", () => {
    const open = new OpenResponses();
    const [first, second, third, fourth] = ["a", "b", "c", "d"].map((name) => open.add(response(name)));
    expect(names(open)).toEqual(["d", "c", "b", "a"]);
    second!();
    expect(names(open)).toEqual(["d", "c", "a"]);
    fourth!();
    first!();
    expect(names(open)).toEqual(["c"]);
    first!();
    second!();
    expect(names(open)).toEqual(["c"]);
    third!();
    expect(names(open)).toEqual([]);
    open.add(response("e"));
    expect(names(open)).toEqual(["e"]);
  });

  it("leaves nothing of a response taken out for the scavenger to promote", () => {
    const gc = collector();
    const open = new OpenResponses();
    gc();
    const before = oldSpaceUsed();
    // 20,000 responses of about 1 KiB each join and leave, as under load; a Set in their place
    // (Node 24) had the next scavenges promote every one of them to the old generation.
    for (let index = 0; index < 20_000; index++) {
      open.add({ body: `${index}`.padEnd(1024, "x") } as unknown as ServerResponse)();
    }
    gc({ type: "minor" });
    gc({ type: "minor" });
    expect(oldSpaceUsed() - before).toBeLessThan(MiB);
  });
});
