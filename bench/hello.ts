import Fastify from 'fastify';

// The ceiling: a bare Fastify hello-world on this machine, with no plugins, no database and no logging.
// Every other case is read as a fraction of what this one serves.
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: '127.0.0.1' });
console.log(`hello-world listening on ${port}`);

const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
