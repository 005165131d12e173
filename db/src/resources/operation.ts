/** The four operations of the resource contract; in a file of its own so define.ts and policy.ts both import it without importing each other. */
export type Operation = 'create' | 'read' | 'update' | 'delete';
