import type { App } from './app.ts';

export class PortInUseError extends Error {}

/**
 * Listens without SO_REUSEPORT: a second server on a taken port must fail loudly, not
 * silently take half the traffic.
 */
export function listen(app: App, host: string, port: number): App {
  try {
    return app.listen({ hostname: host, port, reusePort: false });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE' || String(error).includes('EADDRINUSE') || String(error).includes('in use')) {
      throw new PortInUseError(
        `Port ${port} on ${host} is already in use. Stop the other program or set PORT to a free port.`,
      );
    }
    throw error;
  }
}
