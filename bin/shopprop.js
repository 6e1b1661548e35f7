#!/usr/bin/env node
// CommonJS (bin/package.json): the start loads no ES module unless a command runs.
require('../dist/cli/start.cjs');
