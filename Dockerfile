# Quire: one image for every process kind (`quire serve`, `quire worker`, `quire host`).
FROM node:24-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends git ca-certificates openssh-client python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
COPY bin ./bin
COPY src ./src
COPY docs ./docs
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev
# QUIRE_HOST is where `quire serve` listens, QUIRE_HOST_ADDRESS where `quire host` does.
# Two malloc arenas from the start: quire would otherwise start itself again to get them (docs/configuration.mdx).
ENV QUIRE_HOST=0.0.0.0 QUIRE_HOST_ADDRESS=0.0.0.0 QUIRE_DATA_DIR=/data MALLOC_ARENA_MAX=2
VOLUME /data
EXPOSE 3000
ENTRYPOINT ["node", "/app/bin/quire.js"]
CMD ["serve"]
