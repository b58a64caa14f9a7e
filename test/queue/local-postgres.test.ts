/** The embedded queue driver with its jobs in PostgreSQL, against the shared conformance suite. */
import { queueConformance } from './conformance.js';

queueConformance('local-postgres');
