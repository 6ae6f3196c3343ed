import os from 'node:os';
import path from 'node:path';

/**
 * Where a server under test looks for the built PWA unless its test gives a folder of its own: a
 * folder no one makes. So no test reads the repository's build, which is absent on a fresh clone
 * and rewritten while `npm test` builds next to the unit tests.
 */
export const NO_BUILD_DIR = path.join(os.tmpdir(), 'memento-tests-no-build');
