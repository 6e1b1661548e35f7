#!/usr/bin/env node
import '../dist/cli/start.js';
