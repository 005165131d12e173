// Loaded with --require into a profiled server (BENCH_PROFILE): a SIGTERM exits normally, so
// --cpu-prof writes its profile (a process killed by the signal writes none).
process.once('SIGTERM', () => process.exit(0));
