# syntax=docker/dockerfile:1
# The sidecar's container image (see README, "Run with Docker Compose"). The build stage runs
# scripts/build-sidecar-image-tree.sh, the same script the tests run, so what CI checks is what the image ships.

FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/root/.npm scripts/build-sidecar-image-tree.sh /image

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    MCP_SERVER_HOST=0.0.0.0 \
    MCP_SERVER_PORT=8000 \
    TOKEN_STORAGE_DB=/data/tokens.db
RUN groupadd --system --gid 10001 mcp \
    && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin mcp \
    && mkdir /data \
    && chown 10001:10001 /data \
    && chmod 0700 /data
# Owned by root and read-only for the sidecar: it writes only to /data.
COPY --from=build /image /app
WORKDIR /data
USER 10001:10001
VOLUME ["/data"]
EXPOSE 8000
STOPSIGNAL SIGTERM
# Ready: the store opens and decrypts, and Nextcloud's status.php answers (the sidecar waits up to 5 s for it).
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.MCP_SERVER_PORT || 8000) + '/health/ready', { signal: AbortSignal.timeout(8000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "/app/sidecar/bin/nextcloud-mcp-server.js"]
CMD ["run"]
