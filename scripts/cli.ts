#!/usr/bin/env node
import { runCli } from './cli-run.js';

// The bin's plain path (the launcher, bin/specgate, runs the same function from a startup snapshot when it can).
await runCli(process.argv.slice(2));
