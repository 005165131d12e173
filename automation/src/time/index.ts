export * from './zoned';
export * from './quiet-hours';
