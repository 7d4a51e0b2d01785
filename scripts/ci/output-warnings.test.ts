import { describe, expect, it } from "vitest";
import { allowed, warningLines } from "./output-warnings.mjs";

// What .ci/run's output check (check-output.mjs) lets through and what it stops, on output these
// commands really printed before their warnings were fixed, and on their clean output since.

const npmCiBefore = `npm warn EBADENGINE Unsupported engine {
npm warn EBADENGINE   package: '@prisma/streams-local@0.1.11',
npm warn EBADENGINE }

> notes@0.1.0 postinstall
> node scripts/prisma-generate.mjs

prisma-generate: could not download the schema-engine binary (getaddrinfo ENOTFOUND binaries.prisma.sh); retrying.
✔ Generated Prisma Client (7.10.1) to ./lib/generated/prisma in 219ms

added 751 packages in 34s
npm warn install-scripts 6 packages have install scripts not yet covered by allowScripts:`;

const buildBefore = `✓ Generating static pages using 1 worker (12/12) in 131ms
Turbopack build encountered 1 warning:
./instrumentation.ts:31:5
Warning: A Node.js API is used (process.exit at line: 31) which is not supported in the Edge Runtime.
  \u001b[90m30 |\u001b[0m     console.error(\`Cannot start: \${(error as Error).message}\`);
Ecmascript file had an error
  Finalizing page optimization ...`;

const cleanOutput = `> notes@0.1.0 postinstall
> node scripts/prisma-generate.mjs

Loaded Prisma config from prisma.config.ts.
✔ Generated Prisma Client (7.10.1) to ./lib/generated/prisma in 1.24s

added 745 packages in 1m
▲ Next.js 16.4.5 (Turbopack)
✓ Running next.config.mjs took 369ms
  Creating an optimized production build ...
✓ Compiled successfully in 18.1s
├ ƒ /api/v1/shares/[id]/read
ƒ Proxy (Middleware)`;

describe("the output check", () => {
  it("stops every warning npm ci printed before", () => {
    expect(warningLines(npmCiBefore)).toEqual([
      "npm warn EBADENGINE Unsupported engine {",
      "npm warn EBADENGINE   package: '@prisma/streams-local@0.1.11',",
      "npm warn EBADENGINE }",
      "prisma-generate: could not download the schema-engine binary (getaddrinfo ENOTFOUND binaries.prisma.sh); retrying.",
      "npm warn install-scripts 6 packages have install scripts not yet covered by allowScripts:",
    ]);
  });

  it("stops Turbopack's warning block, read without its colours", () => {
    expect(warningLines(buildBefore)).toEqual([
      "Turbopack build encountered 1 warning:",
      "Warning: A Node.js API is used (process.exit at line: 31) which is not supported in the Edge Runtime.",
      "  30 |     console.error(`Cannot start: ${(error as Error).message}`);",
      "Ecmascript file had an error",
    ]);
  });

  it("lets a clean install and build through", () => {
    expect(warningLines(cleanOutput)).toEqual([]);
  });

  it("allows only Next.js's note about a missing build cache in CI, and no other warning sign", () => {
    expect(allowed.map(({ why }) => why.length > 0)).toEqual([true]);
    const ci =
      " ⚠ No build cache found. Please configure build caching for faster rebuilds. Read more: https://nextjs.org/docs/messages/no-cache";
    expect(warningLines(`${ci}\n ⚠ Some other warning`)).toEqual([" ⚠ Some other warning"]);
  });
});
