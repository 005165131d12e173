// The hook registry lives in @carelane/engine, which runs the hooks inside its transactions.
export { HookRegistry, type HookContext, type ResourceHooks } from '@carelane/engine';
