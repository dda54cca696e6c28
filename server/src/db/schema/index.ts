export * from './auth';
export * from './security';
export * from './profiles';
export * from './contact';
export * from './media';
export * from './messages';
export * from './discovery';
export * from './clubs';
