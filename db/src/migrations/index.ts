import { Initial1795429317357 } from './1795429317357-Initial';

/** Applied in order by openDataSource. */
export const MIGRATIONS: Function[] = [Initial1795429317357];
