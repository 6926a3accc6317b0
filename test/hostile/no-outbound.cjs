/**
 * Preloaded into the service by `npm run test:hostile` (node --require): every outgoing
 * connection that is not to loopback is refused and reported on stderr as "OUTBOUND <host>:<port>",
 * so the suite can assert the service fetched nothing from the outside.
 */
const net = require('node:net');

const LOOPBACK = /^(127\.|::1$|localhost$|::ffff:127\.)/;
const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function connect(...args) {
  const options =
    typeof args[0] === 'object' && args[0] !== null
      ? args[0]
      : { port: args[0], host: typeof args[1] === 'string' ? args[1] : 'localhost' };
  const host = String(options.host ?? 'localhost');
  if (!options.path && !LOOPBACK.test(host)) {
    process.stderr.write(`OUTBOUND ${host}:${options.port}\n`);
    this.destroy(new Error(`outbound connection to ${host} refused by the hostile suite`));
    return this;
  }
  return originalConnect.apply(this, args);
};
