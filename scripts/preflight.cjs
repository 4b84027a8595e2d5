// Runs before `npm start`, `npm run dev` and `npm test`, on whatever Node.js is installed: plain
// CommonJS that any version can read, so an old Node gets one clear line instead of a stack trace.
'use strict';

var REQUIRED_MAJOR = 24;

/** The line to print for a Node.js version that cannot run the site, or undefined when it can. */
function problemWith(version) {
  if (Number(String(version).replace(/^v/, '').split('.')[0]) >= REQUIRED_MAJOR) return undefined;
  return (
    'Este sitio necesita Node.js ' +
    REQUIRED_MAJOR +
    ' o más reciente (tienes v' +
    String(version).replace(/^v/, '') +
    '): ' +
    'instálalo con `nvm install ' +
    REQUIRED_MAJOR +
    '` (lee .nvmrc) o desde https://nodejs.org y vuelve a ejecutar el comando.'
  );
}

module.exports = { problemWith: problemWith, REQUIRED_MAJOR: REQUIRED_MAJOR };

if (require.main === module) {
  var problem = problemWith(process.versions.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
