# dmp-file-transformer: the OpenCDMP file-transformer plugin (DOCX, PDF, RDA maDMP JSON).
#   docker build -t dmp-file-transformer:0.1.0 .      (the version in package.json)
#   bash scripts/run-image.sh -e AUTH_ISSUER=https://keycloak.example.org/realms/opencdmp
# Fonts for every script ship inside npm packages (only the files the PDF writer uses), so the
# runtime image needs no system fonts and downloads nothing at run time.
# NODE_IMAGE: any Debian-based image with Node >= 22.12 and npm, and a user 1000 (the official
# node images call it `node`). `npm run test:image` builds with a local one (no registry there).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
# Marks this stage's images, which `npm run test:image` removes after the build.
LABEL org.opencdmp.dmp-file-transformer.stage=build
# Only for builds behind a TLS-intercepting proxy: a CA file to trust for `npm ci` (mounted into
# the build, as scripts/image-test.sh does). Not carried into the runtime image.
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
COPY package.json package-lock.json ./
# Dependencies first (cached); `prepare` would build before the sources exist, so skip scripts here.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY scripts/ship-files.js ./scripts/
# Only what the built service loads: dist/ and the traced files of production packages (~60 MB).
RUN npm run build && node scripts/ship-files.js /ship

FROM ${NODE_IMAGE}
ENV NODE_ENV=production PORT=8080 TMPDIR=/tmp
WORKDIR /app
COPY package.json ./
COPY schemas ./schemas
COPY templates ./templates
COPY fixtures/*.json ./fixtures/
COPY --from=build /ship/ ./
# Not root; files stay root-owned, so the app cannot change itself. Runs with a read-only root
# filesystem: only /tmp (and SHARED_STORAGE_DIR, when mounted) need to be writable.
USER 1000:1000
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# In production the service refuses to start without AUTH_ISSUER (or an explicit AUTH_DISABLED=true).
# The same Node flags as `npm start` (a small young generation: ~60 MB less RSS per export, same speed).
# Node is PID 1 and handles SIGTERM itself: unready, drain in-flight exports, exit 0.
CMD ["node", "--max-semi-space-size=8", "dist/server.js"]
