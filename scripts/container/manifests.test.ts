// The deployment files that cannot run here (Kubernetes) or run only with Docker (compose) are
// checked on paper: they parse, and the fields that must agree with the image and with how the server
// stops do agree (probes on the health route, a preStop delay and a grace period that cover the drain,
// a single pod on the embedded database, secrets and volumes that exist).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function load(file: string): Doc {
  return parse(readFileSync(file, "utf8")) as Doc;
}

function loadAll(file: string): Doc[] {
  return parseAllDocuments(readFileSync(file, "utf8")).map((document) => {
    expect(document.errors).toEqual([]);
    return document.toJS() as Doc;
  });
}

// What the Dockerfile declares: the port, the data directory and the volume.
const dockerfile = readFileSync("Dockerfile", "utf8");
const imagePort = Number(/^EXPOSE (\d+)$/m.exec(dockerfile)?.[1]);
const imageDataDir = /DATA_DIR=(\S+)/.exec(dockerfile)?.[1];
// The service's image is tagged with the package's version, as releases publish it.
const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
const composeImage = `\${NOTES_IMAGE:-notes}:\${NOTES_VERSION:-${version}}`;

function container(deployment: Doc): Doc {
  expect(deployment.kind).toBe("Deployment");
  const containers = deployment.spec.template.spec.containers as Doc[];
  expect(containers).toHaveLength(1);
  return containers[0]!;
}

function checkDeployment(deployment: Doc, shutdownGraceMs: number): void {
  const pod = deployment.spec.template.spec;
  const notes = container(deployment);
  expect(deployment.spec.selector.matchLabels).toEqual(deployment.spec.template.metadata.labels);
  expect(notes.ports).toEqual([{ name: "http", containerPort: imagePort }]);
  expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
  expect(notes.securityContext.allowPrivilegeEscalation).toBe(false);
  // Ready once migrated and while its database answers: the health route, on the named port.
  expect(notes.readinessProbe.httpGet).toEqual({ path: "/api/v1/health", port: "http" });
  expect(notes.livenessProbe).toBeUndefined();
  // The preStop delay runs before SIGTERM; the grace period must cover it, the drain and closing.
  expect(notes.lifecycle.preStop.exec.command).toEqual(["sleep", "5"]);
  expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(5 + shutdownGraceMs / 1000 + 10);
}

function shutdownGraceMs(deployment: Doc): number {
  const setting = (container(deployment).env as Doc[]).find((entry) => entry.name === "SHUTDOWN_GRACE_MS");
  return setting ? Number(setting.value) : 10_000;
}

describe("Kubernetes manifests (deploy/kubernetes)", () => {
  const [service] = loadAll("deploy/kubernetes/service.yaml");

  it("the Service selects the pods of both deployments, on their named port", () => {
    expect(service!.kind).toBe("Service");
    expect(service!.spec.ports).toEqual([{ name: "http", port: 80, targetPort: "http" }]);
    for (const file of ["postgres", "embedded"]) {
      const [deployment] = loadAll(`deploy/kubernetes/${file}/deployment.yaml`);
      expect(deployment!.spec.template.metadata.labels).toMatchObject(service!.spec.selector);
    }
  });

  it("postgres: several rolling pods, configured from the Secret that holds DATABASE_URL and ENCRYPTION_KEYS", () => {
    const [deployment] = loadAll("deploy/kubernetes/postgres/deployment.yaml");
    const [secret] = loadAll("deploy/kubernetes/postgres/secret.yaml");
    checkDeployment(deployment!, shutdownGraceMs(deployment!));
    expect(deployment!.spec.replicas).toBeGreaterThan(1);
    expect(deployment!.spec.strategy).toEqual({
      type: "RollingUpdate",
      rollingUpdate: { maxUnavailable: 0, maxSurge: 1 },
    });
    expect(secret!.kind).toBe("Secret");
    expect(Object.keys(secret!.stringData).sort()).toEqual(["DATABASE_URL", "ENCRYPTION_KEYS"]);
    expect(container(deployment!).envFrom).toEqual([{ secretRef: { name: secret!.metadata.name } }]);
  });

  it("embedded: one pod, stopped before its successor starts, with the claim mounted at the image's data folder and DATA_DIR inside it", () => {
    const [deployment] = loadAll("deploy/kubernetes/embedded/deployment.yaml");
    const [claim] = loadAll("deploy/kubernetes/embedded/pvc.yaml");
    checkDeployment(deployment!, shutdownGraceMs(deployment!));
    expect(deployment!.spec.replicas).toBe(1);
    expect(deployment!.spec.strategy).toEqual({ type: "Recreate" });
    expect(claim!.kind).toBe("PersistentVolumeClaim");
    const pod = deployment!.spec.template.spec;
    expect(pod.securityContext.fsGroup).toBe(1000);
    expect(pod.volumes).toEqual([
      { name: "data", persistentVolumeClaim: { claimName: claim!.metadata.name } },
    ]);
    expect(container(deployment!).volumeMounts).toEqual([{ name: "data", mountPath: imageDataDir }]);
    // The volume's root is root's (fsGroup only gives group 1000 write access), and DATA_DIR must be
    // the service's own to stay 0700: a folder it makes inside the volume.
    const dataDir = (container(deployment!).env as Doc[]).find((entry) => entry.name === "DATA_DIR");
    expect(dataDir?.value).toBe(`${imageDataDir}/notes`);
  });
});

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
    const images = [
      ...["compose.yaml", "deploy/compose.embedded.yaml"].flatMap((file) =>
        Object.values(load(file).services as Record<string, Doc>).map((service) => String(service.image)),
      ),
      ...["embedded", "postgres"].flatMap((kind) =>
        loadAll(`deploy/kubernetes/${kind}/deployment.yaml`)
          .filter((document) => document.kind === "Deployment")
          .map((deployment) => String(container(deployment).image)),
      ),
    ];
    expect(images).toHaveLength(7);
    for (const image of images) expect(image, image).toMatch(/:[\w.{}$:-]+$/);
    for (const image of images) expect(image, image).not.toMatch(/:latest$/);
    expect(images.filter((image) => /notes/.test(image) && !image.startsWith("hiett/"))).toEqual([
      composeImage,
      composeImage,
      `registry.example.com/notes:${version}`,
      `registry.example.com/notes:${version}`,
    ]);
  });
});
