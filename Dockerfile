# syntax=docker/dockerfile:1
#
# Lede: one image that serves the web client and the API on port 3000.
#   docker build -t lede .
#   docker run -p 3000:3000 -e JWT_SECRET=... -e DATABASE_URL=postgres://... lede
# Without DATABASE_URL the server starts its embedded PostgreSQL in DATA_DIR (/data).
# docker-compose.yml beside this file runs it with a PostgreSQL 16 service.

ARG NODE_IMAGE=node:20-slim

# ---- base: Node 20 with pnpm 10 through corepack (exact version from package.json) ----
FROM ${NODE_IMAGE} AS base
ENV PNPM_HOME=/pnpm \
    PATH=/pnpm:$PATH \
    CI=true \
    COREPACK_ENABLE_DOWNLOAD_PROMPT=0 \
    TURBO_TELEMETRY_DISABLED=1
RUN npm install -g corepack@0.36.0 && corepack enable pnpm
WORKDIR /app
# The whole workspace (see .dockerignore): pnpm needs every project listed in the lockfile.
COPY . .

# ---- build: all dependencies, then `pnpm build` (shared, api, web) ----
FROM base AS build
RUN --mount=type=cache,id=pnpm-store,target=/pnpm/store pnpm install --frozen-lockfile
RUN pnpm build
# Drop the dependency trees (dev included); the runtime takes production ones from prod-deps.
RUN rm -rf node_modules apps/*/node_modules packages/*/node_modules bench \
        .turbo apps/*/.turbo packages/*/.turbo

# ---- prod-deps: production dependencies of the API and what it imports (@lede/shared) ----
FROM base AS prod-deps
RUN --mount=type=cache,id=pnpm-store,target=/pnpm/store \
    pnpm install --frozen-lockfile --prod --filter "@lede/api..."

# ---- runtime: built code + production node_modules, run as the unprivileged `node` user ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Built code: api dist, drizzle migrations, seed data, public media, web dist, shared dist.
COPY --from=build /app ./
# Production node_modules (workspace links point into node_modules/.pnpm, copied as symlinks).
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=prod-deps /app/apps/api/node_modules ./apps/api/node_modules
COPY --from=prod-deps /app/packages/shared/node_modules ./packages/shared/node_modules
# Local uploads and, without DATABASE_URL, the embedded database live in /data.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/api/dist/server.js"]
