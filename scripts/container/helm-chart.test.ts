// The Helm chart's (deploy/helm/notes) values and templates as text: its values file and value sets
// against the chart's values.schema.json (Helm checks values against it before rendering), with Ajv;
// the defaults' drain timing; and that every value the templates read exists, and every value exists
// for a template to read. helm-render.test.ts renders the templates and checks the objects they make.
import Ajv from "ajv";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { minimal, shared, type Values } from "./helm-values";

const chartDir = "deploy/helm/notes";
const chart = parse(readFileSync(`${chartDir}/Chart.yaml`, "utf8")) as Values;
const defaults = parse(readFileSync(`${chartDir}/values.yaml`, "utf8")) as Values;
const schema = JSON.parse(readFileSync(`${chartDir}/values.schema.json`, "utf8")) as object;
const templates = readdirSync(`${chartDir}/templates`).map((name) =>
  readFileSync(`${chartDir}/templates/${name}`, "utf8"),
);
const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
const dockerfile = readFileSync("Dockerfile", "utf8");

const validate = new Ajv({ allErrors: true, allowUnionTypes: true }).compile(schema);

/** The schema's complaints about a value set: "path: message", none when it passes. */
function problems(values: Values): string[] {
  validate(values);
  return (validate.errors ?? []).map((error) => {
    const { additionalProperty } = error.params as { additionalProperty?: string };
    return `${error.instancePath}: ${error.message}${additionalProperty ? ` (${additionalProperty})` : ""}`;
  });
}

describe("Helm chart (deploy/helm/notes)", () => {
  it("Chart.yaml: a v2 application chart whose appVersion, the default image tag, is the package's version", () => {
    expect(chart).toMatchObject({
      apiVersion: "v2",
      name: "notes",
      type: "application",
      appVersion: version,
    });
    expect((defaults.image as Values).tag).toBe("");
  });

  it("the schema accepts values.yaml, one pod on the embedded database, and three on Postgres, Upstash and S3", () => {
    expect(problems(defaults)).toEqual([]);
    expect(problems(minimal)).toEqual([]);
    expect(problems(shared)).toEqual([]);
  });

  // A number in env would reach the pod as Go prints it: 1000000 as 1e+06.
  it("the schema refuses a misspelt value, a wrong type, a latest tag, URLs of the wrong scheme and a number in env, naming each", () => {
    expect(
      problems({
        replicas: 3,
        replicaCount: "3",
        image: { repository: "notes", tag: "latest" },
        encryptionKeys: { value: "not-a-key" },
        adminSecret: { value: "short" },
        postgres: { enabled: true, url: "mysql://db/notes" },
        s3: { enabled: true, bucket: "b1" },
        oidc: { enabled: true, issuer: "http://id.example.com" },
        drain: { shutdownDelayMs: 20000 },
        env: { "rate-limit": "1/1h", FILE_MAX_BYTES: 1000000 },
      }),
    ).toEqual([
      ": must NOT have additional properties (replicas)",
      "/replicaCount: must be integer",
      "/image/tag: must NOT be valid",
      '/encryptionKeys/value: must match pattern "^(\\s*[A-Za-z0-9_-]{43}\\s*(,\\s*[A-Za-z0-9_-]{43}\\s*)*)?$"',
      '/adminSecret/value: must match pattern "^(.{16,})?$"',
      '/postgres/url: must match pattern "^(postgres(ql)?://.+)?$"',
      '/s3/bucket: must match pattern "^(.{3,})?$"',
      '/oidc/issuer: must match pattern "^(https://.+)?$"',
      '/env: must match pattern "^[A-Z][A-Z0-9_]*$"',
      "/env: property name must be valid",
      "/env/FILE_MAX_BYTES: must be string",
      "/drain: must have required property 'shutdownGraceMs'",
    ]);
  });

  it("by default a stopping pod keeps answering longer than its readiness probe takes to fail, and the kubelet waits for the drain", () => {
    const drain = defaults.drain as { shutdownDelayMs: number; shutdownGraceMs: number };
    const probe = defaults.readinessProbe as {
      periodSeconds: number;
      timeoutSeconds: number;
      failureThreshold: number;
    };
    // A probe under way at SIGTERM may take its timeout; then the probe's failures, plus one period.
    expect(drain.shutdownDelayMs).toBeGreaterThanOrEqual(
      (probe.timeoutSeconds + probe.periodSeconds * (probe.failureThreshold + 1)) * 1000,
    );
    // The grace period the deployment template computes: delay + grace + 15 s for closing.
    expect(templates.join("\n")).toContain(
      "terminationGracePeriodSeconds: {{ add (div (add $v.drain.shutdownDelayMs $v.drain.shutdownGraceMs) 1000) 15 }}",
    );
  });

  it("the pod's port, user and data volume are the image's, and DATA_DIR is a folder inside the volume", () => {
    const deployment = readFileSync(`${chartDir}/templates/deployment.yaml`, "utf8");
    const helpers = readFileSync(`${chartDir}/templates/_helpers.tpl`, "utf8");
    expect(deployment).toContain(`containerPort: ${/^EXPOSE (\d+)$/m.exec(dockerfile)?.[1]}`);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(deployment).toContain("runAsUser: 1000");
    const imageDataDir = /DATA_DIR=(\S+)/.exec(dockerfile)?.[1];
    expect(deployment).toContain(`mountPath: ${imageDataDir}\n`);
    // The volume's root is root's (fsGroup gives group 1000 write access), and DATA_DIR must be the
    // service's own to stay 0700.
    expect(helpers).toContain(`set $settings "DATA_DIR" "${imageDataDir}/notes"`);
  });

  it("every value a template reads is in values.yaml, and every value there is read by a template", () => {
    const read = new Set(templates.flatMap(valuesRead));
    for (const path of read) expect(valueAt(defaults, path), path).not.toBeUndefined();
    const unread = leafPaths(defaults).filter(
      (path) => ![...read].some((readPath) => path === readPath || path.startsWith(`${readPath}.`)),
    );
    expect(unread).toEqual([]);
  });
});

/** The value paths a template reads: through .Values, or a variable set to a part of it ($v := .Values). */
function valuesRead(text: string): string[] {
  const aliases = new Map(
    [...text.matchAll(/\$(\w+) := \.Values((?:\.\w+)*)/g)].map((match) => [match[1]!, match[2]!] as const),
  );
  return [...text.matchAll(/(\.Values|\$\w+)((?:\.\w+)+)/g)].flatMap(([, base, rest]) => {
    const prefix = base === ".Values" ? "" : aliases.get(base!.slice(1));
    return prefix === undefined ? [] : [`${prefix}${rest}`.slice(1)];
  });
}

function valueAt(values: Values, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node as Values | undefined)?.[key], values);
}

/** The paths of values.yaml's leaves; an empty map or list is a leaf. */
function leafPaths(values: Values, prefix = ""): string[] {
  return Object.entries(values).flatMap(([key, value]) =>
    value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length > 0
      ? leafPaths(value as Values, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}
