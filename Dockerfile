# One image for the api and the worker (compose picks the command).
# Stage 1 installs with npm ci and builds every workspace; stage 2 keeps production deps and output.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
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
RUN npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules node_modules
COPY --from=build --chown=node:node /app/common/package.json common/
COPY --from=build --chown=node:node /app/common/dist common/dist
COPY --from=build --chown=node:node /app/backend/package.json backend/
COPY --from=build --chown=node:node /app/backend/dist backend/dist
COPY --from=build --chown=node:node /app/public-site/dist public-site/dist
COPY --from=build --chown=node:node /app/admin-console/dist admin-console/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "backend/dist/main.js"]
