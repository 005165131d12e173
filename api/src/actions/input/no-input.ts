/** The input of a named call that reads nothing from its body or query (logout, status ...): anything sent is ignored. */
export class NoInput {}
