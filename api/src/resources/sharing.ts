// Sharing with organizations lives in @carelane/engine with the engine that checks it.
export { parseSharing, SHARING_MESSAGES } from '@carelane/engine';
