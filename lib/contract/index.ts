export * from './constants';
export * from './routes';
export * from './status';
export * from './entities';
export * from './reference';
export * from './api';
