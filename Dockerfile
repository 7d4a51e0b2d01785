# The service as a container image (docs/deployment.md). Two stages: `build` installs everything and
# builds; the runtime stage takes only what the server and the operator commands need, on a clean
# copy of the same base, and runs as the base image's unprivileged `node` user.
#
#   docker build -t notes .                          (or: buildah bud --format docker -t notes .)
#   docker run -p 3000:3000 -v notes-data:/data notes
#
# NODE_IMAGE names the base. The default is the official image; scripts/container/check.sh builds a
# local stand-in under the same name where no registry can be reached.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
# The dependencies first, in their own layer: a change to the code alone does not reinstall them.
# npm ci's postinstall generates the Prisma client, which needs the schema and the generate script;
# package.json's overrides install a stand-in from scripts/npm.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma prisma
COPY scripts/prisma-generate.mjs scripts/
COPY scripts/npm scripts/npm
RUN npm ci --no-audit --no-fund
COPY . .
# The production build, then only what the runtime needs gathered in /runtime: the files Next.js
# traced for its server, pages and routes, and those the bundled entries (`npm start`'s server, the
# operator commands, the command-line client) import, traced by the same tracer; the build; the
# migrations (scripts/container/collect-runtime.mjs). Everything else (the development packages, the
# compilers, Next.js's build cache, the sources) stays in this stage.
RUN npm run build && node scripts/container/collect-runtime.mjs /runtime

FROM ${NODE_IMAGE}
WORKDIR /app
# DATA_DIR: the embedded database and its generated key, on the volume below. Unused with
# DATABASE_URL (then ENCRYPTION_KEYS must be set, see compose.yaml).
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 DATA_DIR=/data
# Owned by root and read-only to the server's user: only /data (and /tmp) are written at run time.
# package.json's scripts run the bundles: npm run keys / reseal / cleanup / db:migrate / notes.
COPY --from=build /runtime ./
RUN mkdir -p /data && chown node:node /data && chmod 0700 /data
VOLUME /data
USER node
EXPOSE 3000
# The health route through node's own fetch (no curl in the image). The start period covers the
# migrations a new version applies at start.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "scripts/container/healthcheck.mjs"]
# node itself is PID 1 (no npm, no shell in between): SIGTERM reaches scripts/start.ts (the bundle
# `npm start` runs, behind scripts/container/server.mjs), which drains requests in flight for up to
# SHUTDOWN_GRACE_MS and exits 0, exactly as under `npm start`, with its node flags (--liftoff-only:
# WebAssembly without TurboFan; --max-semi-space-size=16: Node 20's young generation on Node 24;
# docs/operations.md, "Running it").
STOPSIGNAL SIGTERM
CMD ["node", "--liftoff-only", "--max-semi-space-size=16", "scripts/container/server.mjs"]
