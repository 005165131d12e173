import { Initial1795426970970 } from './1795426970970-Initial';
import { GroupB1795428427628 } from './1795428427628-GroupB';

/** Applied in order by openDataSource. */
export const MIGRATIONS: Function[] = [Initial1795426970970, GroupB1795428427628];
