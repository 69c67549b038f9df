import { LOG_LEVELS, type LogLevel } from './config.ts';

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

/** Plain lines on stdout/stderr: supervisors (systemd, Docker) add timestamps themselves. */
export function createLogger(level: LogLevel): Logger {
  const rank = LOG_LEVELS.indexOf(level);
  const on = (l: LogLevel) => LOG_LEVELS.indexOf(l) >= rank && level !== 'silent';
  return {
    debug: (message) => on('debug') && console.log(message),
    info: (message) => on('info') && console.log(message),
    warn: (message) => on('warn') && console.warn(message),
    error: (message, error) => {
      if (!on('error')) return;
      console.error(message);
      if (error instanceof Error && error.stack) console.error(error.stack);
    },
  } as Logger;
}
