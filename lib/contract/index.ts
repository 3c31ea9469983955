export * from './constants';
export * from './status';
export * from './entities';
export * from './reference';
export * from './api';
