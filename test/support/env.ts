/** What `npm test` (scripts/test.ts) provisioned for this run. */
const required = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests with \`npm test\`, which provisions PostgreSQL and Temporal`);
  return value;
};

export const testEnv = () => ({
  databaseUrl: required('DATABASE_URL'),
  temporalAddress: required('TEMPORAL_ADDRESS'),
  redisUrl: process.env.REDIS_URL,
});
