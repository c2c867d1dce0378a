# Link: one image, two stages. The build stage runs exactly what CI runs (.ci/run and the "production
# build" tier of npm test); the runtime stage holds only the bundle and the production node_modules.
# tests/production/operators-files.test.ts checks these RUN and CMD lines against that list.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build
RUN npm ci --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/home/node/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts ./scripts
# HOST=0.0.0.0 in production makes the image a deployment: it refuses to start until PUBLIC_ORIGIN and
# ACCESS_CODES (or REGISTRATION=open) are given (`docker run -e PUBLIC_ORIGIN=https://… -e ACCESS_CODES=…
# -e ADMIN_USERNAMES=…`) and seeds no demo data.
# Without DATABASE_URL the embedded database lives in /home/node/data (backups in /home/node/data-backups):
# mount a volume on /home/node to keep them (`docker run -v link-home:/home/node …`).
USER node
EXPOSE 5000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1's only process and receives docker stop's SIGTERM itself (graceful stop, exit 0).
CMD ["node", "dist/server/main.js"]
