/**
 * Every schema migration in order. Names are versioned (`001-...`); a migration, once
 * released, is never edited: changes go into a new one.
 */
import type { Migration } from 'kysely';
import * as initial from './001-initial.js';
import * as queue from './002-queue.js';
import * as projectSettings from './003-project-settings.js';

export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-queue': queue,
  '003-project-settings': projectSettings,
};
