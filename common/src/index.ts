export * from './constants';
export * from './messages';
export * from './validation';
export * from './rate-calculator';
export * from './creator-rules';
export * from './types';
export * from './business-rules';
export * from './site-pages';
