#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project, two at a time (CI's machine has two cores).
// Exits 1 when any project has an error, after printing each failing project's output.
import { spawn } from 'node:child_process';

const PROJECTS = ['apps/server', 'apps/web', 'packages/shared', 'e2e', 'scripts'];
const CONCURRENCY = 2;

function check(project) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ project, code, output }));
  });
}

const queue = [...PROJECTS];
const failed = [];
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const { code, output } = await check(project);
      if (code === 0) continue;
      failed.push(project);
      process.stdout.write(`tsc -p ${project} failed:\n${output}\n`);
    }
  }),
);
if (failed.length) process.exit(1);
console.log(`typecheck: ${PROJECTS.length} projects, no errors`);
