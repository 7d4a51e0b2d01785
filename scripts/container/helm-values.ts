// The value sets the Helm chart's tests use (helm-chart.test.ts checks them against the values schema,
// helm-render.test.ts renders the chart with them).
import { readFileSync } from "node:fs";

export type Values = Record<string, unknown>;

const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };

// One pod on the embedded database, its defaults otherwise: what `helm install notes` with a public
// URL gives.
export const minimal: Values = { publicUrl: "https://notes.example.com" };

// Three pods on one Postgres, limits counted on Upstash, files in S3, people signing in through a
// provider, behind an ingress with TLS; secrets from Secrets made beforehand, two given inline.
export const shared: Values = {
  replicaCount: 3,
  image: { repository: "registry.example.com/notes", tag: version, pullPolicy: "IfNotPresent" },
  publicUrl: "https://notes.example.com",
  encryptionKeys: { value: `${"A".repeat(43)}, ${"B".repeat(43)}` },
  adminSecret: { existingSecret: "notes-keys" },
  postgres: { enabled: true, existingSecret: "notes-database" },
  upstash: { enabled: true, url: "https://upstash.example.com", token: "a-long-random-token" },
  s3: { enabled: true, bucket: "notes-files", region: "eu-west-1", existingSecret: "notes-s3" },
  oidc: {
    enabled: true,
    issuer: "https://id.example.com",
    clientId: "notes",
    existingSecret: "notes-oidc",
  },
  smtp: { existingSecret: "notes-smtp", mailFrom: "Notes <notes@example.com>" },
  env: { RATE_LIMIT_CREATE: "20/1h", CLEANUP_INTERVAL_SECONDS: "300" },
  ingress: {
    enabled: true,
    className: "nginx",
    host: "notes.example.com",
    annotations: { "nginx.ingress.kubernetes.io/proxy-body-size": "8m" },
    tls: { secretName: "notes-tls" },
  },
  podDisruptionBudget: { enabled: true, maxUnavailable: 1 },
};
