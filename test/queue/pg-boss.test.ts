/** The pg-boss queue driver (scale-out mode) against the shared conformance suite. */
import { queueConformance } from './conformance.js';

queueConformance('pg-boss');
