/**
 * Compares a screenshot with the one stored beside the test (pngjs decodes, pixelmatch
 * counts the pixels that differ beyond its colour threshold). A missing or changed
 * picture fails; QUIRE_UPDATE_SCREENSHOTS=1 stores the new one instead. On a failure
 * the actual picture and the difference are written to /tmp for a look.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export interface ScreenshotResult {
  /** Share of the pixels that differ, 0..1. */
  differing: number;
  /** Where the actual picture and the difference went when they differ (else undefined). */
  artifacts?: string;
}

/** Pixels differing by more than this colour distance (pixelmatch, 0..1) are counted. */
const THRESHOLD = 0.1;

export function compareScreenshot(png: Buffer, stored: string): ScreenshotResult {
  if (process.env.QUIRE_UPDATE_SCREENSHOTS === '1' || (!existsSync(stored) && process.env.QUIRE_UPDATE_SCREENSHOTS === 'missing')) {
    mkdirSync(dirname(stored), { recursive: true });
    writeFileSync(stored, png);
    return { differing: 0 };
  }
  if (!existsSync(stored)) throw new Error(`no stored screenshot ${stored}: run with QUIRE_UPDATE_SCREENSHOTS=missing to store it`);
  const actual = PNG.sync.read(png);
  const expected = PNG.sync.read(readFileSync(stored));
  const artifacts = join(tmpdir(), 'quire-screenshots');
  const keep = () => {
    mkdirSync(artifacts, { recursive: true });
    writeFileSync(join(artifacts, basename(stored)), png);
  };
  if (actual.width !== expected.width || actual.height !== expected.height) {
    keep();
    return { differing: 1, artifacts };
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const count = pixelmatch(actual.data, expected.data, diff.data, actual.width, actual.height, { threshold: THRESHOLD });
  const differing = count / (actual.width * actual.height);
  if (count > 0) {
    keep();
    writeFileSync(join(artifacts, basename(stored, '.png') + '.diff.png'), PNG.sync.write(diff));
  }
  return { differing, ...(count > 0 ? { artifacts } : {}) };
}
