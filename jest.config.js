/** One jest run for every workspace: unit tests beside the code, end-to-end tests in test/. */
const swc = ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true } } }];

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/db', '<rootDir>/engine', '<rootDir>/automation', '<rootDir>/api', '<rootDir>/activities', '<rootDir>/workflows', '<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  testTimeout: 120000,
  // Each suite makes its own tenant; suites run in parallel on the machine's two cores.
  maxWorkers: 2,
};
