/**
 * Record ids made inside a workflow: 24 hex characters like every other id (6 bytes of
 * milliseconds, then 6 random bytes), from the workflow's deterministic clock and random source.
 * A replayed workflow makes the same ids, so an activity that inserts "this id, unless it exists"
 * writes a record once however often it is retried or replayed.
 */
const hex = (value: number, width: number) => Math.floor(value).toString(16).padStart(width, '0').slice(-width);

export const newRecordId = () => hex(Date.now(), 12) + hex(Math.random() * 0x1000000, 6) + hex(Math.random() * 0x1000000, 6);
