// The Helm chart (deploy/helm/notes) rendered by scripts/helm-render (Go's text/template and sprig,
// the engines Helm uses, with Helm's own functions; not `helm template`, see its header) for three
// value sets, and every object it makes checked against the Kubernetes API's schemas
// (kubernetes-models): a field the schema does not know fails as a wrong type does.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Deployment } from "kubernetes-models/apps/v1";
import { Ingress } from "kubernetes-models/networking.k8s.io/v1";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";
import { PersistentVolumeClaim, Secret, Service } from "kubernetes-models/v1";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAllDocuments, stringify } from "yaml";
import { checkedEnvSchema } from "../../lib/env";
import { minimal, shared, type Values } from "./helm-values";

type K8sObject = { kind: string; metadata: { name: string }; [field: string]: unknown };

const models: Record<string, { prototype: { validate(): void } }> = {
  "apps/v1 Deployment": Deployment,
  "networking.k8s.io/v1 Ingress": Ingress,
  "policy/v1 PodDisruptionBudget": PodDisruptionBudget,
  "v1 PersistentVolumeClaim": PersistentVolumeClaim,
  "v1 Secret": Secret,
  "v1 Service": Service,
};

/** `value` with every field the validator reads recorded in `read` ("/spec/replicas"). */
function watched(value: unknown, at: string, read: Set<string>): unknown {
  if (value === null || typeof value !== "object") return value;
  return new Proxy(value, {
    get(target, key, receiver) {
      const field = Reflect.get(target, key, receiver) as unknown;
      if (typeof key !== "string" || !Object.hasOwn(target, key)) return field;
      read.add(`${at}/${key}`);
      return watched(field, `${at}/${key}`, read);
    },
  });
}

/** The paths of every object field in `value`. */
function fieldPaths(value: unknown, at = ""): string[] {
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, field]) => [
    ...(Array.isArray(value) ? [] : [`${at}/${key}`]),
    ...fieldPaths(field, `${at}/${key}`),
  ]);
}

/**
 * What the Kubernetes schema of `object`'s kind says against it: its own complaints, then each field it
 * never looked at, being unknown to it (kubernetes-models ignores those; the API server refuses them).
 */
function schemaProblems(object: K8sObject): string[] {
  const model = models[`${String(object.apiVersion)} ${object.kind}`];
  if (!model) return [`no schema for ${String(object.apiVersion)} ${object.kind}`];
  const read = new Set<string>();
  try {
    model.prototype.validate.call(watched(object, "", read));
  } catch (error) {
    return [String(error)];
  }
  return fieldPaths(object)
    .filter((field) => !read.has(field))
    .map((field) => `unknown field ${field}`);
}

const haveGo = spawnSync("go", ["version"]).status === 0;
let folder = "";
let renderer = "";

/** The chart rendered with `values` over its defaults: its objects, or the renderer's error. */
function render(values: Values): { objects: K8sObject[]; error: string } {
  const valuesFile = path.join(folder, "values.yaml");
  writeFileSync(valuesFile, stringify(values));
  const run = spawnSync(renderer, ["deploy/helm/notes", "-f", valuesFile], { encoding: "utf8" });
  const objects = parseAllDocuments(run.stdout).flatMap((document) => {
    const object = document.toJS() as K8sObject | null;
    return object ? [object] : [];
  });
  return { objects, error: run.stderr };
}

function byKind(objects: K8sObject[], kind: string): K8sObject {
  const found = objects.find((object) => object.kind === kind);
  if (!found) throw new Error(`no ${kind} rendered`);
  return found;
}

type Container = {
  env: { name: string; value?: string; valueFrom?: { secretKeyRef: { name: string; key: string } } }[];
  readinessProbe: { periodSeconds: number; failureThreshold: number };
};
type PodSpec = { terminationGracePeriodSeconds: number; containers: Container[] };
type DeploymentSpec = { replicas: number; strategy: unknown; template: { spec: PodSpec } };

function deploymentSpec(objects: K8sObject[]): DeploymentSpec {
  return byKind(objects, "Deployment").spec as DeploymentSpec;
}

describe.skipIf(!haveGo)(
  "Helm chart rendered (skipped without go: apt-get install golang-go, as .ci/run does)",
  () => {
    beforeAll(() => {
      folder = mkdtempSync(path.join(tmpdir(), "helm-render-"));
      renderer = path.join(folder, "helm-render");
      execFileSync("go", ["build", "-o", renderer, "scripts/helm-render/main.go"], {
        env: {
          ...process.env,
          GO111MODULE: "off",
          GOPATH: "/usr/share/gocode",
          GOCACHE: path.join(folder, "cache"),
        },
      });
    }, 180_000);
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it("one pod on the embedded database: a Deployment that recreates, its volume claim and a Service, each as the API's schema has it", () => {
      const { objects, error } = render(minimal);
      expect(error).toBe("");
      expect(objects.map((object) => `${object.kind} ${object.metadata.name}`)).toEqual([
        "Deployment notes",
        "PersistentVolumeClaim notes",
        "Service notes",
      ]);
      for (const object of objects) expect(schemaProblems(object), object.kind).toEqual([]);
      const spec = deploymentSpec(objects);
      expect(spec.replicas).toBe(1);
      expect(spec.strategy).toEqual({ type: "Recreate" });
    });

    it("three pods on Postgres, Upstash and S3 behind an ingress: every object as the API's schema has it, a drain the probe and the kubelet wait for, a PDB, and settings the service accepts", () => {
      const { objects, error } = render(shared);
      expect(error).toBe("");
      expect(objects.map((object) => `${object.kind} ${object.metadata.name}`)).toEqual([
        "Deployment notes",
        "Ingress notes",
        "PodDisruptionBudget notes",
        "Secret notes",
        "Service notes",
      ]);
      for (const object of objects) expect(schemaProblems(object), object.kind).toEqual([]);

      const spec = deploymentSpec(objects);
      expect(spec.replicas).toBe(3);
      expect(spec.strategy).toEqual({
        type: "RollingUpdate",
        rollingUpdate: { maxUnavailable: 0, maxSurge: 1 },
      });
      const pod = spec.template.spec;
      const [container] = pod.containers;
      const plain = Object.fromEntries(
        container!.env.flatMap(({ name, value }) => (value === undefined ? [] : [[name, value]])),
      );
      // A stopping pod answers for 15 s; its probe fails after 2 x 5 s; the kubelet waits 15 + 10 + 15 s.
      expect([plain.SHUTDOWN_DELAY_MS, plain.SHUTDOWN_GRACE_MS]).toEqual(["20000", "10000"]);
      expect(container!.readinessProbe).toMatchObject({ periodSeconds: 5, failureThreshold: 2 });
      expect(pod.terminationGracePeriodSeconds).toBe(45);
      expect(byKind(objects, "PodDisruptionBudget").spec).toEqual({
        maxUnavailable: 1,
        selector: {
          matchLabels: { "app.kubernetes.io/name": "notes", "app.kubernetes.io/instance": "notes" },
        },
      });

      // Secrets: those given inline in the chart's own Secret, the others from the Secrets named.
      const refs = container!.env.flatMap(({ name, valueFrom }) =>
        valueFrom ? [`${name} <- ${valueFrom.secretKeyRef.name}/${valueFrom.secretKeyRef.key}`] : [],
      );
      expect(refs).toEqual([
        "ADMIN_SECRET <- notes-keys/ADMIN_SECRET",
        "DATABASE_URL <- notes-database/DATABASE_URL",
        "ENCRYPTION_KEYS <- notes/ENCRYPTION_KEYS",
        "OIDC_CLIENT_SECRET <- notes-oidc/OIDC_CLIENT_SECRET",
        "S3_ACCESS_KEY_ID <- notes-s3/S3_ACCESS_KEY_ID",
        "S3_SECRET_ACCESS_KEY <- notes-s3/S3_SECRET_ACCESS_KEY",
        "SMTP_URL <- notes-smtp/SMTP_URL",
        "UPSTASH_REDIS_REST_TOKEN <- notes/UPSTASH_REDIS_REST_TOKEN",
        "UPSTASH_REDIS_REST_URL <- notes/UPSTASH_REDIS_REST_URL",
      ]);
      const inline = byKind(objects, "Secret").stringData as Record<string, string>;
      expect(Object.keys(inline)).toEqual([
        "ENCRYPTION_KEYS",
        "UPSTASH_REDIS_REST_TOKEN",
        "UPSTASH_REDIS_REST_URL",
      ]);

      // The pod's settings, with what the operator's Secrets would hold, pass the service's own checks.
      const fromSecrets = {
        ADMIN_SECRET: "an-admin-secret-of-some-length",
        DATABASE_URL: "postgres://notes@db.example.com/notes",
        OIDC_CLIENT_SECRET: "a-client-secret",
        S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
        S3_SECRET_ACCESS_KEY: "a-secret-access-key",
        SMTP_URL: "smtp://mail.example.com:587",
      };
      const parsed = checkedEnvSchema.safeParse({ ...plain, ...inline, ...fromSecrets });
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(parsed.data).toMatchObject({
        FILE_STORAGE: "s3",
        SHUTDOWN_DELAY_MS: 20000,
        CLEANUP_INTERVAL_SECONDS: 300,
      });
    });

    it("three pods on the embedded database render nothing: the chart fails with its message", () => {
      const { objects, error } = render({ replicaCount: 3 });
      expect(objects).toEqual([]);
      expect(error).toMatch(
        /error calling fail: replicaCount 3 needs Postgres \(postgres\.enabled with postgres\.url or postgres\.existingSecret\): the embedded database belongs to one process, and a second pod must never open its volume\n$/,
      );
    });
  },
);
