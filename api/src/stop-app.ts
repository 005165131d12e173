import type { createApp } from './app';

type App = Pick<ReturnType<typeof createApp>, 'changes' | 'realtime' | 'services'>;

/**
 * Stops what createApp started, in order (docs/decisions.md "Stopping cleanly"): the change feed
 * first (the LISTEN for worker changes, then the outbox relay, then changes in hand), so nothing
 * queries the pool once it is closed; then realtime (hub, bus, the account-change LISTEN); then the
 * Temporal client, mail, messaging and the login throttle. Close the http server before (its sockets
 * first: realtime.closeSockets) and the DataSource after.
 */
export const stopApp = async ({ changes, realtime, services }: App) => {
  await changes.stop();
  await realtime.close();
  await services.automations.close();
  await services.mailer.close();
  await services.messaging.close();
  await services.throttle.close();
};
