// Payload parsing lives in @carelane/engine with the engine that applies it.
export { parseCreate, parseUpdate } from '@carelane/engine';
