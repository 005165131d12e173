import { writeFile } from 'node:fs/promises';
import { bundleWorkflowCode, type WorkflowBundleOption } from '@temporalio/worker';

const bundle = () => bundleWorkflowCode({ workflowsPath: require.resolve('@carelane/workflows') });

/**
 * The workflow code a worker runs: the bundle file `WORKFLOW_BUNDLE_PATH` names, made beforehand by
 * `writeWorkflowBundle` from this same source, or (without it) bundled now. Bundling takes 5-15 s on
 * a two-core machine; `npm test` makes one bundle per run and hands it to every suite and every
 * worker process a test starts or restarts, as Temporal advises for production deploys.
 */
export const workflowCode = async (bundlePath = process.env.WORKFLOW_BUNDLE_PATH): Promise<WorkflowBundleOption> =>
  bundlePath ? { codePath: bundlePath } : bundle();

/** Bundles the workflows once and writes the code to `path`, for WORKFLOW_BUNDLE_PATH. */
export const writeWorkflowBundle = async (path: string) => {
  const { code } = await bundle();
  await writeFile(path, code);
};
