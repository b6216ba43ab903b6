import net from 'node:net';

// A local round-robin in front of the server processes (issue #22 "scale-out"): each incoming TCP connection
// goes to the next backend in turn and its bytes are piped both ways, as a layer-4 balancer does (nginx's
// `stream`, HAProxy's `mode tcp`). Keep-alive connections stay on the backend they were given. Cheap on
// purpose: the proxy shares the machine's two cores with the servers, PostgreSQL and the load generator.
const backends = (process.env.BACKENDS ?? '')
  .split(',')
  .filter(Boolean)
  .map((b) => {
    const u = new URL(b);
    return { host: u.hostname, port: Number(u.port) };
  });
if (backends.length === 0) throw new Error('round-robin needs BACKENDS (comma-separated http://host:port)');

let next = 0;
const server = net.createServer((incoming) => {
  const target = backends[next++ % backends.length]!;
  const outgoing = net.connect(target.port, target.host);
  incoming.setNoDelay(true);
  outgoing.setNoDelay(true);
  incoming.pipe(outgoing).pipe(incoming);
  const close = () => {
    incoming.destroy();
    outgoing.destroy();
  };
  incoming.on('error', close);
  outgoing.on('error', close);
  incoming.on('close', close);
  outgoing.on('close', close);
});

const port = Number(process.env.PORT ?? 0);
server.listen(port, '127.0.0.1', () =>
  console.log(`round-robin listening on ${port} → ${backends.length} backends`),
);

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
