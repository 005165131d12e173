import type { InputClass } from './types';

const refusing = new WeakSet<object>();

/**
 * Marks an input class whose call refuses fields it does not know with the reference server's
 * 'Got unexpected field(s) [a, b]' (others drop them silently).
 */
export const RefuseUnknownFields = (): ClassDecorator => (target) => {
  refusing.add(target);
};

export const refusesUnknownFields = (input: InputClass) => refusing.has(input);
