// Child of batched-destination.test.ts: writes numbered lines to stdout through the batched destination, then
// exits the way argv[2] says ("exit": process.exit; "throw": an uncaught exception) before its window ends.
import { createBatchedDestination } from '../../src/logging/batched-destination.js';

const destination = createBatchedDestination();
for (let i = 0; i < 30; i += 1) destination.write(`line ${i}\n`);
if (process.argv[2] === 'throw') throw new Error('dies with lines waiting');
process.exit(0);
