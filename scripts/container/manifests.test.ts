// The compose files run only with Docker, so they are checked on paper: they parse, and the fields
// that must agree with the image and with how the server stops do agree (the image, its port and data
// folder, a stop grace that covers the drain). The Helm chart has its own: helm-chart.test.ts.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function load(file: string): Doc {
  return parse(readFileSync(file, "utf8")) as Doc;
}

// What the Dockerfile declares: the port, the data directory and the volume.
const dockerfile = readFileSync("Dockerfile", "utf8");
const imagePort = Number(/^EXPOSE (\d+)$/m.exec(dockerfile)?.[1]);
const imageDataDir = /DATA_DIR=(\S+)/.exec(dockerfile)?.[1];
// The service's image is tagged with the package's version, as releases publish it.
const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
const composeImage = `\${NOTES_IMAGE:-notes}:\${NOTES_VERSION:-${version}}`;

describe("compose files", () => {
  it("compose.yaml: the service starts once Postgres 17 is healthy, and its stop grace covers the drain", () => {
    const compose = load("compose.yaml");
    const { notes, postgres } = compose.services;
    expect(notes.build).toBe(".");
    expect(notes.image).toBe(composeImage);
    expect(notes.env_file).toBe(".env");
    expect(notes.environment.DATABASE_URL).toMatch(/^postgres:\/\/notes:.*@postgres:5432\/notes$/);
    expect(notes.depends_on).toEqual({ postgres: { condition: "service_healthy" } });
    expect(notes.ports).toEqual([`\${NOTES_PORT:-3000}:${imagePort}`]);
    expect(parseInt(notes.stop_grace_period)).toBeGreaterThan(10);
    expect(postgres.image).toBe("postgres:17");
    expect(postgres.healthcheck.test).toEqual(["CMD", "pg_isready", "-U", "notes", "-d", "notes"]);
    expect(postgres.volumes).toEqual(["postgres-data:/var/lib/postgresql/data"]);
    expect(Object.keys(compose.volumes)).toEqual(["postgres-data"]);
  });

  it("compose.yaml: Redis and its Upstash-compatible HTTP bridge only in the shared-limits profile", () => {
    const { services } = load("compose.yaml");
    expect(services.notes.profiles).toBeUndefined();
    expect(services.redis.profiles).toEqual(["shared-limits"]);
    expect(services["redis-http"].profiles).toEqual(["shared-limits"]);
    expect(services["redis-http"].image).toBe("hiett/serverless-redis-http:0.0.10");
    expect(services["redis-http"].environment).toEqual({
      SRH_MODE: "env",
      SRH_TOKEN: "${UPSTASH_REDIS_REST_TOKEN:-}",
      SRH_CONNECTION_STRING: "redis://redis:6379",
    });
  });

  it("deploy/compose.embedded.yaml: the image alone, its named volume at DATA_DIR, settings from the checkout's .env", () => {
    const compose = load("deploy/compose.embedded.yaml");
    expect(Object.keys(compose.services)).toEqual(["notes"]);
    const { notes } = compose.services;
    expect(notes.build).toBe("..");
    expect(notes.image).toBe(composeImage);
    expect(notes.env_file).toEqual([{ path: "../.env", required: false }]);
    expect(notes.environment).toEqual({ DATA_DIR: imageDataDir });
    expect(notes.volumes).toEqual([`notes-data:${imageDataDir}`]);
    expect(Object.keys(compose.volumes)).toEqual(["notes-data"]);
  });

  it("pin every image's tag: none is latest or untagged, and the service's own is the package's version", () => {
    const images = ["compose.yaml", "deploy/compose.embedded.yaml"].flatMap((file) =>
      Object.values(load(file).services as Record<string, Doc>).map((service) => String(service.image)),
    );
    expect(images).toHaveLength(5);
    for (const image of images) expect(image, image).toMatch(/:[\w.{}$:-]+$/);
    for (const image of images) expect(image, image).not.toMatch(/:latest$/);
    expect(images.filter((image) => /notes/.test(image) && !image.startsWith("hiett/"))).toEqual([
      composeImage,
      composeImage,
    ]);
  });
});
