/**
 * Child process of the reference runner: loads one of the reference client's own test files
 * (node_modules/@tellescope/sdk/lib/cjs/tests/*.js, never edited) and runs ONE of its test functions.
 *
 * How a function is reached without editing the file:
 * - `@tellescope/testing` is replaced in the module cache by a copy that counts assertions instead of
 *   exiting on the first failure (the real one calls process.exit(1)), and that leaves any
 *   async_test started before the runner "arms" it pending for ever: the file's own main (an IIFE
 *   that runs every test in sequence) therefore stops at its first step and never interferes.
 * - The file's text is compiled as a module with one statement appended that hands the runner its
 *   top-level test functions and sessions. The only textual changes are the hard-coded fixture ids and
 *   API keys, replaced by the fixtures' own (REFERENCE_REPLACE); no assertion is touched.
 *
 * Progress (assertions passed / failed, the first failure messages) goes to the parent over IPC after
 * every assertion, so a function the parent kills on timeout still reports what it did.
 */
import Module from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const file = process.env.REFERENCE_FILE ?? 'tests.js';
const functionName = process.env.REFERENCE_FUNCTION ?? '';
const replacements = JSON.parse(process.env.REFERENCE_REPLACE ?? '{}') as Record<string, string>;

const testsDir = join(dirname(require.resolve('@tellescope/sdk/package.json')), 'lib', 'cjs', 'tests');
const testsPath = join(testsDir, file);
const sdkRequire = Module.createRequire(testsPath);

const progress = { passed: 0, failed: 0, failures: [] as string[], error: undefined as string | undefined, done: false };
const report = () => process.send?.({ ...progress });
const fail = (message: string) => {
  progress.failed += 1;
  if (progress.failures.length < 15) progress.failures.push(message.slice(0, 400));
  report();
};
const pass = () => {
  progress.passed += 1;
  report();
};

let armed = false;
const never = () => new Promise<never>(() => {});
const describe = (value: unknown) => {
  try {
    return JSON.stringify(value)?.slice(0, 300);
  } catch {
    return String(value);
  }
};

type AsyncTestOptions = {
  expectedResult?: unknown;
  onResult?: (r: unknown) => boolean;
  onError?: (e: unknown) => boolean;
  shouldError?: boolean;
};
/** Same decisions as @tellescope/testing's async_test, counted instead of exiting. */
const async_test = (name: string, run: () => Promise<unknown>, options: AsyncTestOptions) => {
  if (!armed) return never();
  const { expectedResult, onResult = (r: unknown) => r === expectedResult, onError = () => false, shouldError = false } = options;
  const judge = (ok: boolean, message: string) => (ok ? pass() : fail(`${name}: ${message}`));
  return Promise.resolve()
    .then(run)
    .then(
      (result) => {
        if (shouldError) return judge(false, `passed with result ${describe(result)} but was expecting an error`);
        let ok = false;
        try {
          ok = !!onResult(result);
        } catch (error) {
          return judge(false, `onResult threw ${String(error)} for ${describe(result)}`);
        }
        judge(ok, `wrong result ${describe(result)}`);
      },
      (error) => {
        if (!shouldError) return judge(false, `failed with error ${describe(error)} (${(error as Error)?.message ?? ''})`);
        let ok = false;
        try {
          ok = !!onError(error);
        } catch (thrown) {
          return judge(false, `onError threw ${String(thrown)}`);
        }
        judge(ok, `wrong error ${describe(error)} (${(error as Error)?.message ?? ''})`);
      },
    );
};

const assert = (assertion: unknown, message: string, title: string) => {
  if (!armed) return;
  if (assertion) pass();
  else fail(`${title}: ${message}`);
};

const realTesting = sdkRequire('@tellescope/testing') as Record<string, unknown>;
const testingPath = sdkRequire.resolve('@tellescope/testing');
const shim = { ...realTesting, async_test, assert, log_header: () => {} };
const cached = new Module(testingPath);
cached.filename = testingPath;
cached.loaded = true;
cached.exports = shim;
require.cache[testingPath] = cached;

const finish = (code: number) => {
  progress.done = true;
  report();
  // Give the IPC message time to leave before the process ends.
  setTimeout(() => realExit(code), 50);
};
const realExit = process.exit.bind(process);
// The files call process.exit() when their main ends or when a variable is missing.
process.exit = ((code?: number) => {
  if (!progress.done) {
    if (!armed) progress.error = `the file exited while loading (code ${code})`;
    finish(code ?? 0);
  }
  return never() as never;
}) as typeof process.exit;

process.on('unhandledRejection', () => {
  // the file's main (left pending) and fire-and-forget calls inside tests are not ours to judge
});

const loadTestFile = (armAtLoad: boolean) => {
  let source = readFileSync(testsPath, 'utf8');
  for (const [from, to] of Object.entries(replacements)) source = source.split(from).join(to);
  const names = [...source.matchAll(/^var ([A-Za-z_$][\w$]*) = /gm)].map((match) => match[1]);
  const exposed = [...new Set(names)].map((name) => `${name}: typeof ${name} === 'undefined' ? undefined : ${name}`).join(', ');
  source += `\n;module.exports.__reference = { ${exposed} };\n`;
  armed = armAtLoad;
  const mod = new Module(testsPath, module);
  mod.filename = testsPath;
  mod.paths = (Module as unknown as { _nodeModulePaths: (dir: string) => string[] })._nodeModulePaths(testsDir);
  (mod as unknown as { _compile: (code: string, filename: string) => void })._compile(source, testsPath);
  return (mod.exports as { __reference: Record<string, unknown> }).__reference;
};

/** The id the schema's examples give every reference (it exists in the vendor's demo database only). */
const PLACEHOLDER_ID = '60398bb15da8abef87ef41f5';
/** Which resource a field holding PLACEHOLDER_ID refers to. */
const RELATED: Record<string, string> = {
  journeyId: 'journeys', formId: 'forms', forumId: 'forums', eventId: 'calendar_events', roomId: 'chat_rooms',
  contentId: 'managed_content_records', productId: 'products', enduserId: 'endusers',
  postId: 'forum_posts', commentId: 'post_comments', threadId: 'post_comments', replyTo: 'post_comments',
};
type Model = { fields: Record<string, { examples?: unknown[] }> };
type Api = { api: Record<string, { createOne: (r: unknown) => Promise<{ id: string }> }>; userInfo: { id: string } };
/**
 * The generated CRUD tests build each record from the schema's examples, whose references all name
 * PLACEHOLDER_ID: a record of the vendor's demo database. Like the hard-coded ids of tests.js, that id
 * is mapped to a fixture: a record of the referenced resource made in this business through the api
 * (from the suite's own example of that resource, its own references mapped the same way, so a
 * comment's post belongs to the comment's forum), and the signed-in user for user references.
 * Only the example values change; the tests compare what they read back against those same values.
 */
const mapPlaceholderIds = async (
  model: Model | undefined,
  sdk: Api,
  instanceForModel: (model: Model) => { instance: Record<string, unknown> },
  schema: Record<string, Model>,
) => {
  if (!model) return;
  const made: Record<string, Promise<string>> = {};
  const idFor = (field: string): Promise<string> | undefined => {
    if (field === 'userId' || field === 'senderId') return Promise.resolve(sdk.userInfo.id);
    const resource = RELATED[field];
    if (!resource) return undefined;
    return (made[resource] ??= (async () => {
      const instance: Record<string, unknown> = resource === 'forms' ? { title: 'Reference form' } : { ...instanceForModel(schema[resource]).instance };
      for (const [key, value] of Object.entries(instance)) {
        if (value !== PLACEHOLDER_ID) continue;
        // A reference to the same resource (a comment's thread or reply): the parent is a top-level one.
        if (RELATED[key] === resource) delete instance[key];
        else if (RELATED[key] || key === 'userId' || key === 'senderId') instance[key] = await idFor(key);
      }
      return (await sdk.api[resource].createOne(instance)).id;
    })());
  };
  for (const [field, definition] of Object.entries(model.fields)) {
    // enduserId: the suite puts its own default enduser there.
    if (definition.examples?.[0] !== PLACEHOLDER_ID || field === 'enduserId') continue;
    const id = await idFor(field);
    if (id) definition.examples = [id, ...definition.examples.slice(1)];
  }
};

type Session = { authenticate: (email: string, password: string) => Promise<unknown> };

const main = async () => {
  if (file !== 'tests.js') {
    // public_endpoint_tests.js, socket_tests.js, webhooks_tests.js: each file's main is the whole test
    // and calls process.exit() when done. Their mains begin with reset_db (POST /reset-demo, the
    // vendor's wipe of its demo database): every run here starts in a business made for it alone, so
    // the wipe has nothing to do and is answered at once, on the file's own sessions, before the main
    // reaches it (its first step is an awaited sign-in).
    const locals = loadTestFile(true);
    for (const value of Object.values(locals)) {
      if (value && typeof (value as { reset_db?: unknown }).reset_db === 'function') (value as { reset_db: () => Promise<void> }).reset_db = async () => {};
    }
    return;
  }
  const locals = loadTestFile(false);
  armed = true;
  const env = process.env;
  // What the file's main does before its first test: sign the staff sessions in.
  const sessions: Array<[string, string | undefined, string | undefined]> = [
    ['sdk', env.TEST_EMAIL, env.TEST_PASSWORD],
    ['sdkSub', env.SUB_EMAIL, env.TEST_PASSWORD],
    ['sdkOtherSub', env.OTHER_SUB_EMAIL, env.TEST_PASSWORD],
    ['sdkSubSub', env.SUB_SUB_EMAIL, env.TEST_PASSWORD],
    ['sdkNonAdmin', env.NON_ADMIN_EMAIL, env.NON_ADMIN_PASSWORD],
  ];
  await Promise.all(sessions.map(([name, email, password]) => (locals[name] as Session).authenticate(email!, password!)));

  const generated = /^generated:(.+)$/.exec(functionName);
  if (generated) {
    const model = generated[1];
    const { schema } = sdkRequire('@tellescope/schema') as { schema: Record<string, { customActions?: { create?: { returns?: unknown } } }> };
    const sdk = locals.sdk as Api;
    await mapPlaceholderIds(schema[model] as never, sdk, locals.instanceForModel as never, schema as never);
    const run = locals.run_generated_tests as (args: unknown) => Promise<unknown>;
    await run({ queries: sdk.api[model], model: schema[model], name: model, returns: { create: schema[model]?.customActions?.create?.returns } });
    return;
  }
  const fn = locals[functionName];
  if (typeof fn !== 'function') throw new Error(`no function ${functionName} in ${file}`);
  await (fn as () => Promise<unknown>)();
};

main().then(
  () => {
    if (file === 'tests.js') finish(0);
  },
  (error: unknown) => {
    const e = error as { message?: string; info?: unknown };
    progress.error = `${e?.message ?? describe(error)}${e?.info ? ` ${describe(e.info)}` : ''}`.slice(0, 500);
    finish(1);
  },
);
