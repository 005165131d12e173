export * from './zoned';
export * from './quiet-hours';
export * from './format';
