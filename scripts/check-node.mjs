#!/usr/bin/env node
// Refuses, in one line, a Node.js older than package.json's `engines` (issue 25): `npm install`
// would only warn (EBADENGINE) and the product would then run on a runtime it does not support.
// Run before install (preinstall), `npm start`, `npm run dev` and `npm test`. Plain syntax that
// old Node versions still parse. `engines.node` is the one place the version is written.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const wanted = pkg.engines.node; // ">=22.17"
const [needMajor, needMinor = 0] = wanted.replace(/^>=\s*/, '').split('.').map(Number);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < needMajor || (major === needMajor && minor < needMinor)) {
  console.error(
    `Local Creators needs Node.js ${needMajor}.${needMinor} or newer (this is ${process.version}): run \`nvm install\` here (it reads .nvmrc: ${readFileSync(new URL('../.nvmrc', import.meta.url), 'utf8').trim()}) or get it from https://nodejs.org/en/download`,
  );
  process.exit(1);
}
