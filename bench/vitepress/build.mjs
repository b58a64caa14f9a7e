/**
 * One VitePress build of SITE, in this process, through VitePress's public `build` API; prints
 * one JSON line: wall ms, CPU ms (every thread of the process), peak RSS MB, pages written.
 * Plain JavaScript run by bench/vitepress.ts with the VitePress installed beside this file.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vitepress';

const root = process.argv[2];
const started = performance.now();
const cpuBefore = process.cpuUsage();
await build(root);
const wallMs = Math.round(performance.now() - started);
const cpu = process.cpuUsage(cpuBefore);
const pages = readdirSync(join(root, '.vitepress/dist'), { recursive: true }).filter((f) => String(f).endsWith('.html')).length;
process.stdout.write(`${JSON.stringify({ wallMs, cpuMs: Math.round((cpu.user + cpu.system) / 1000), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), pages })}\n`);
