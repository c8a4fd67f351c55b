// Child of batched-destination.test.ts: logs numbered request lines to stdout through the default destination, then
// exits the way argv[2] says ("exit": process.exit; "throw": an uncaught exception) before their window ends.
import { createLogger } from '../../src/logging/logger.js';

const logger = createLogger('info');
for (let i = 0; i < 30; i += 1) logger.info({ i }, 'request');
if (process.argv[2] === 'throw') throw new Error('dies with lines waiting');
process.exit(0);
