/** JSON logs on stdout, one object per line (winston). Request-scoped children carry `requestId`. */
import winston from 'winston';

export type Logger = winston.Logger;

export function createLogger(level: string): Logger {
  return winston.createLogger({
    level,
    format: winston.format.combine(
      winston.format.timestamp(),
      winston.format.errors({ stack: true }),
      winston.format.json(),
    ),
    defaultMeta: { service: 'dmp-file-transformer' },
    transports: [new winston.transports.Console()],
  });
}

/** For tests and tools: a logger that writes nothing. */
export function silentLogger(): Logger {
  return winston.createLogger({ silent: true, transports: [new winston.transports.Console({ silent: true })] });
}
