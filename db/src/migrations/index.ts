import { Initial1795426970970 } from './1795426970970-Initial';

/** Applied in order by openDataSource. */
export const MIGRATIONS: Function[] = [Initial1795426970970];
