# syntax=docker/dockerfile:1
# Radica's image: one image for every role (docs/operations.md). The compose file (compose.yaml) starts it as
# `npm run migrate`, `npm run start:api`, `npm run start:worker` and `npm run start:ingest`.
#   docker build -t radica .
# Stages: build (every dependency, `npm run build`: the SPA and the compiled JavaScript), deps (production
# dependencies of the API only), runtime (those two, no compiler, no sources, a non-root user).

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
# it the SFTP channel falls back to JavaScript ciphers, about 30 times slower on a 10 MB upload.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
RUN npm ci --no-audit --no-fund --ignore-scripts --omit=dev --workspace @radica/api \
  && (npm rebuild ssh2 cpu-features || echo "ssh2: no native crypto binding, JavaScript ciphers")

FROM ${NODE_IMAGE} AS runtime
# pg_dump/pg_restore for `npm run backup` / `npm run restore` against the compose file's PostgreSQL 15.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-15 \
  && rm -rf /var/lib/apt/lists/*
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
CMD ["npm", "run", "start:api"]
