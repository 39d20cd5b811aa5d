# syntax=docker/dockerfile:1
# Radica's image: one image for every role (docs/operations.md). The compose file (compose.yaml) starts it as
# `node scripts/start.mjs migrate|api|worker|ingest` (what `npm run migrate`, `start:api`… run): node itself is the
# process, so `docker stop`'s SIGTERM reaches it and in-flight requests finish (docs/decisions/043).
#   docker build -t radica .        (npm run check:image builds it and starts every role)
# Stages: build (every dependency, `npm run build`: the SPA and the compiled JavaScript), deps (production
# dependencies of the API only, ssh2's native binding compiled), pgclient (pg_dump/pg_restore), runtime (those, no
# compiler, no sources, a non-root user).

ARG NODE_IMAGE=node:20.20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first, so the install layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/fevrips/package.json packages/fevrips/
COPY apps/muv-simulator/package.json apps/muv-simulator/
COPY apps/wompi-simulator/package.json apps/wompi-simulator/
COPY apps/whatsapp-simulator/package.json apps/whatsapp-simulator/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/fevrips/package.json packages/fevrips/
COPY apps/muv-simulator/package.json apps/muv-simulator/
COPY apps/wompi-simulator/package.json apps/wompi-simulator/
COPY apps/whatsapp-simulator/package.json apps/whatsapp-simulator/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
# Only what the API's bundles import at run time (the workspaces they inline are not needed as packages). ssh2's
# optional native crypto binding is compiled here, where a compiler may live (the runtime stage has none): without
# it the SFTP channel falls back to JavaScript ciphers, about 30 times slower on a 10 MB upload. node-gyp uses the
# image's own Node headers (npm_config_nodedir), never a download; the build fails when the binding is missing.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local
RUN npm ci --no-audit --no-fund --ignore-scripts --omit=dev --workspace @radica/api \
  && CI_CHECK_FAIL=ssh2 npm rebuild ssh2 \
  && node -e "require('ssh2/lib/protocol/crypto/build/Release/sshcrypto.node')" \
  && echo "ssh2: native crypto binding compiled"

# pg_dump/pg_restore for `npm run backup` / `npm run restore` against the compose file's PostgreSQL 15: the programs
# only, not Debian's Perl wrappers (postgresql-client-common brings Perl, about 160 MB).
FROM ${NODE_IMAGE} AS pgclient
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-15 \
  && rm -rf /var/lib/apt/lists/*

FROM ${NODE_IMAGE} AS runtime
# The PostgreSQL client library pg_dump and pg_restore link to (the programs come from the pgclient stage). apt's
# package caches go too: a base image without docker-clean (a local stand-in) would otherwise keep about 80 MB.
RUN apt-get update \
  && apt-get install -y --no-install-recommends libpq5 \
  && apt-get clean \
  && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /var/log/apt /var/log/dpkg.log
COPY --from=pgclient /usr/lib/postgresql/15/bin/pg_dump /usr/lib/postgresql/15/bin/pg_restore /usr/local/bin/
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/var/lib/radica \
    BACKUP_DIR=/var/lib/radica/backups
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/scripts/start.mjs /app/scripts/build.mjs /app/scripts/health.mjs ./scripts/
COPY --from=build /app/apps/api/package.json ./apps/api/
COPY --from=build /app/apps/api/dist ./apps/api/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/packages/fevrips/package.json ./packages/fevrips/
COPY --from=build /app/packages/fevrips/bin ./packages/fevrips/bin
COPY --from=build /app/packages/fevrips/dist ./packages/fevrips/dist
# Data files the bundles read from their source folders (docs/decisions/032): migrations, seeds, reference tables.
COPY --from=build /app/apps/api/drizzle ./apps/api/drizzle
COPY --from=build /app/apps/api/src/modules/reps/data ./apps/api/src/modules/reps/data
COPY --from=build /app/apps/api/src/modules/geography/data ./apps/api/src/modules/geography/data
COPY --from=build /app/packages/fevrips/data ./packages/fevrips/data
RUN mkdir -p /var/lib/radica/backups && chown -R node:node /var/lib/radica
USER node
VOLUME ["/var/lib/radica"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["node", "scripts/health.mjs"]
CMD ["node", "scripts/start.mjs", "api"]
