/**
 * Runs a bench's main and ends the process with its outcome: 0 once it printed its figures, 1 with
 * the error. Exiting explicitly matters: a Temporal connection or a socket left by a library would
 * otherwise keep a finished bench waiting.
 */
export const runBench = (main: () => Promise<void>) =>
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
