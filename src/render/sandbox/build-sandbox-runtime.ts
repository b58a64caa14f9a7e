/**
 * The build step that bundles the sandbox runtime (see runtime-bundle.ts):
 * `node dist/render/sandbox/build-sandbox-runtime.js`, run by `npm run build`.
 */
import { bundleSandboxRuntime, writeSandboxRuntime } from './runtime-bundle.js';

const started = performance.now();
const runtime = bundleSandboxRuntime();
writeSandboxRuntime(runtime);
console.log(`sandbox runtime: ${runtime.script.length} bytes bundled (${Math.round(performance.now() - started)} ms)`);
