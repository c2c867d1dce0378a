/**
 * The journeys' servers: one per Playwright worker, each with its own in-memory database, build copy and
 * mail listener, so journeys running side by side never see each other's people, events or e-mail.
 * playwright.config.ts chooses the ports once and passes them to the workers in these variables.
 */
export interface JourneyServer {
  url: string;
  port: number;
  smtpPort: number;
  /** The server's client build, which a journey may change (a "new deploy" of the service worker). */
  dist: string;
}

/** The server of the worker running this code (Playwright numbers its workers in TEST_PARALLEL_INDEX). */
export function journeyServer(parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0)): JourneyServer {
  const port = Number(process.env[`E2E_PORT_${parallelIndex}`]);
  const smtpPort = Number(process.env[`E2E_SMTP_PORT_${parallelIndex}`]);
  if (!port || !smtpPort) throw new Error(`no journey server for worker ${parallelIndex} (playwright.config.ts)`);
  return { url: `http://127.0.0.1:${port}`, port, smtpPort, dist: `${process.env.E2E_DIST}-${parallelIndex}` };
}
