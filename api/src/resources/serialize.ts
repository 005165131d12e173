// The serializer lives in @carelane/db so the worker's templates use the very same one.
export { serialize } from '@carelane/db';
