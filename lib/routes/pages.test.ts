import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { config } from "../../proxy";
import { pages, renderedPage } from "./pages";

describe("the page table", () => {
  it("declares exactly the app's pages, besides Next.js's own files", async () => {
    const files = (await readdir("app", { recursive: true })).filter(
      (file) => path.basename(file) === "page.tsx",
    );
    const folders = files.map((file) =>
      `/${path.dirname(file).split(path.sep).join("/")}`.replace(/^\/\.$/, "/"),
    );
    const declared = pages.filter((page) => !page.nextFiles).map((page) => page.pattern);
    expect(folders.sort()).toEqual(declared.sort());
  });

  it("tells the proxy which page a path renders and whether its link is a secret", () => {
    const rendered = (pathname: string) => {
      const page = renderedPage(pathname);
      return (
        page && { pattern: page.pattern, secret: page.secretLink === true, viewer: page.noteViewer === true }
      );
    };
    const viewer = { pattern: "/[id]", secret: true, viewer: true };
    expect(rendered("/AbCdEfGhIj")).toEqual(viewer);
    // Any other single segment is the viewer's too (its 404), charged and kept out of caches alike.
    expect(rendered("/not-an-id!")).toEqual(viewer);
    expect(rendered("/requests")).toEqual(viewer);
    expect(rendered("/_next")).toEqual(viewer);
    expect(rendered("/admin")).toEqual({ pattern: "/admin", secret: false, viewer: false });
    expect(rendered("/")).toEqual({ pattern: "/", secret: false, viewer: false });
    expect(rendered("/requests/new")).toEqual({ pattern: "/requests/new", secret: false, viewer: false });
    expect(rendered("/requests/AbCdEfGhIj")).toEqual({
      pattern: "/requests/[id]",
      secret: true,
      viewer: false,
    });
    expect(rendered("/status/AbCdEfGhIj")).toEqual({ pattern: "/status/[id]", secret: false, viewer: false });
    expect(rendered("/admin/anything")).toBeUndefined();
    expect(rendered("/AbCdEfGhIj/")).toBeUndefined();
  });

  // Next.js reads the proxy's matcher at build time, so it is a literal there; it must name the
  // viewer's pattern with exactly the shape logs name it by, or some viewer pages would go
  // uncharged under a prefetch header.
  it("agrees with the proxy's literal matcher for the viewer page", () => {
    const viewer = pages.find((page) => page.noteViewer);
    const shape = viewer?.shapes?.id;
    expect(viewer?.pattern).toBe("/[id]");
    expect(config.matcher).toContainEqual({ source: `/:id(${shape?.source.slice(1, -1)})` });
  });
});
