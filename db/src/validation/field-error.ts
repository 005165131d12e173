/** A value failed a field rule; the engine prefixes the field name ("Error parsing field x: ..."). */
export class FieldError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FieldError';
  }
}

export const fail = (message: string): never => {
  throw new FieldError(message);
};
