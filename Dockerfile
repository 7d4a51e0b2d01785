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
# npm ci's postinstall generates the Prisma client, which needs the schema and the generate script.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma prisma
COPY scripts/prisma-generate.mjs scripts/
RUN npm ci --no-audit --no-fund
COPY . .
# The production build, then the server's entry bundled as `npm start` bundles it (scripts/launch.mjs),
# then the development packages, Next.js's build cache and the compilers Next.js needs only to build
# (SWC: about 130 MB) dropped, and the tests and end-to-end specs with them.
RUN npm run build \
  && node scripts/launch.mjs --bundle-only scripts/start.ts \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf .next/cache node_modules/@next/swc-* \
  && find lib scripts cli -name '*.test.ts' -delete

FROM ${NODE_IMAGE}
WORKDIR /app
# DATA_DIR: the embedded database and its generated key, on the volume below. Unused with
# DATABASE_URL (then ENCRYPTION_KEYS must be set, see compose.yaml).
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 DATA_DIR=/data
# Owned by root and read-only to the server's user: only /data (and /tmp) are written at run time.
COPY --from=build /app/package.json /app/next.config.mjs /app/tsconfig.json /app/prisma.config.ts ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/.next .next
COPY --from=build /app/public public
COPY --from=build /app/prisma prisma
COPY --from=build /app/messages messages
# The operator commands (npm run keys / reseal / cleanup / db:migrate, run through tsx) need the
# sources of lib and scripts; the `notes` command-line client is cli/.
COPY --from=build /app/lib lib
COPY --from=build /app/scripts scripts
COPY --from=build /app/cli cli
RUN mkdir -p /data && chown node:node /data && chmod 0700 /data
VOLUME /data
USER node
EXPOSE 3000
# The health route through node's own fetch (no curl in the image). The start period covers the
# migrations a new version applies at start.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "scripts/container/healthcheck.mjs"]
# node itself is PID 1 (no npm, no shell in between): SIGTERM reaches scripts/start.ts, which drains
# requests in flight for up to SHUTDOWN_GRACE_MS and exits 0, exactly as under `npm start`.
STOPSIGNAL SIGTERM
CMD ["node", "node_modules/.cache/notes/start.mjs"]
