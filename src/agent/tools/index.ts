/** Re-exports of the agent's file tools. */
export * from './types.js';
export * from './resolve-path.js';
export * from './tool-set.js';
