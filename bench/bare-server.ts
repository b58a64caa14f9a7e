/** The baseline of `bench:api`: a bare Fastify route answering a constant JSON object. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { id: 'aj_0000000000000000', status: 'active', source: { repository: '/srv/docs', ref: 'main' }, model: 'm', prLink: null, createdAt: '2026-11-01T00:00:00.000Z', archivedAt: null };
app.get('/job', async () => body);
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`listening on ${address}\n`);
