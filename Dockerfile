# syntax=docker/dockerfile:1
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/uploads && chown node:node /app/uploads
USER node
EXPOSE 3000
# A heap cap keeps RSS near the heap actually used; V8 otherwise grows it lazily under load. With
# that cap Node 24 shrinks the young generation until it collects all the time: give it 8 MB.
# register.js starts OpenTelemetry when a telemetry variable is set (docs/telemetry.md); otherwise it loads nothing.
CMD ["node", "--max-old-space-size=160", "--max-semi-space-size=8", "--import", "./dist/telemetry/register.js", "dist/main.js"]
