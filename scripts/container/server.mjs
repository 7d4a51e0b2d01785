// The image's command (Dockerfile CMD): `npm start`'s own bundle of scripts/start.ts, with Next.js
// told its configuration as its `output: "standalone"` server tells it: the resolved configuration
// the build wrote to .next/required-server-files.json. Next.js then does not load next.config.mjs,
// nor the build-time packages that loading needs, which the image does not carry
// (scripts/container/collect-runtime.mjs).
import { readFileSync } from "node:fs";

const { config } = JSON.parse(readFileSync(".next/required-server-files.json", "utf8"));
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
await import("../../node_modules/.cache/notes/start.mjs");
