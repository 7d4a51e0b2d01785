// The release on paper (docs/releasing.md): one version, package.json's, which the CLI's manifest
// repeats and the changelog names; and the workflow that publishes the image on a version tag,
// which cannot run here, checked for what a release depends on.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const versionOf = (file: string) => (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
const version = versionOf("package.json");
const workflow = parse(readFileSync(".github/workflows/release.yml", "utf8")) as Doc;
const steps = workflow.jobs.image.steps as Doc[];
const step = (action: string) => steps.find((each) => String(each.uses).startsWith(`${action}@`));

describe("a release", () => {
  it("has one semantic version, which the CLI repeats", () => {
    expect(version).toMatch(/^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/);
    expect(versionOf("cli/package.json")).toBe(version);
  });

  it("is described in the changelog under its version and date", () => {
    const changelog = readFileSync("CHANGELOG.md", "utf8");
    expect(changelog).toMatch(/^## \[Unreleased\]$/m);
    expect(changelog).toMatch(
      new RegExp(`^## \\[${version.replaceAll(".", "\\.")}\\] - \\d{4}-\\d{2}-\\d{2}$`, "m"),
    );
  });
});

describe("the release workflow", () => {
  it("runs on a version tag and refuses one that is not package.json's version", () => {
    expect(workflow.on).toEqual({ push: { tags: ["v*.*.*"] } });
    expect(workflow.permissions).toEqual({ contents: "read", packages: "write" });
    const check = steps.find((each) => each.name === "The tag names package.json's version");
    expect(check?.run).toBe(`test "\${GITHUB_REF_NAME}" = "v$(node -p 'require("./package.json").version')"`);
    expect(steps.indexOf(check!)).toBeLessThan(steps.indexOf(step("docker/build-push-action")!));
  });

  it("builds the root Dockerfile for amd64 and arm64 and pushes it by version, never as latest", () => {
    expect(step("docker/setup-qemu-action")).toBeDefined();
    expect(step("docker/login-action")?.with.registry).toBe("ghcr.io");
    const meta = step("docker/metadata-action")!;
    expect(meta.with.images).toBe("ghcr.io/${{ github.repository_owner }}/notes");
    expect(meta.with.flavor).toBe("latest=false");
    expect(meta.with.tags.trim().split("\n")).toEqual([
      "type=semver,pattern={{version}}",
      "type=semver,pattern={{major}}.{{minor}}",
    ]);
    expect(step("docker/build-push-action")?.with).toEqual({
      context: ".",
      platforms: "linux/amd64,linux/arm64",
      "build-args": "NODE_IMAGE=node:24-bookworm-slim",
      push: true,
      tags: "${{ steps.meta.outputs.tags }}",
      labels: "${{ steps.meta.outputs.labels }}",
    });
  });
});
