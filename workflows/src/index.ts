/** The one module the worker loads: every workflow the platform runs. */
export { journeyWorkflow } from './journey';
