#!/usr/bin/env node
// CommonJS (bin/package.json): the start loads no ES module unless a command runs.
// The Node check comes first and in old syntax: on an older Node the bundle fails with a stack
// that names nothing the user can act on. Keep NEEDS in step with package.json's engines.
var NEEDS = [22, 12];
var have = process.versions.node.split('.').map(Number);
if (have[0] < NEEDS[0] || (have[0] === NEEDS[0] && have[1] < NEEDS[1])) {
  process.stderr.write(
    'shopprop needs Node.js ' + NEEDS.join('.') + ' or newer (LTS 22 or 24); this is Node.js ' + process.versions.node +
      ' (' + process.execPath + '). Install a supported one from https://nodejs.org/ or with a version manager (nvm install 24)\n',
  );
  process.exit(1);
}
// The program's help alone is laid out from a table the build made from the command definitions,
// byte for byte commander's, without loading commander or the definitions (src/cli/root-help/).
var args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--help' || args[0] === '-h' || args[0] === 'help')) require('../dist/cli/root-help.cjs');
else require('../dist/cli/start.cjs');
