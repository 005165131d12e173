# One image for the api, the worker and the portal; docker-compose.yml picks the command.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json tsconfig.json ./
COPY db/package.json db/
COPY engine/package.json engine/
COPY api/package.json api/
COPY automation/package.json automation/
COPY workflows/package.json workflows/
COPY activities/package.json activities/
COPY web/package.json web/
COPY test/package.json test/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w web
ENV NODE_ENV=production
CMD ["node", "--import", "tsx", "api/src/main.ts"]
