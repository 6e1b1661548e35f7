export * from './errors.js';
export * from './keys.js';
export * from './paths.js';
export * from './stored-profiles.js';
export * from './config-file.js';
export * from './config-store.js';
export * from './settings.js';
export * from './redact.js';
