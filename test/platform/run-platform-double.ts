// Starts the platform double as a process for tests in other languages (PHPUnit): options as JSON in argv[2]
// (PlatformDoubleOptions without apps, e.g. {"users": [...]}); prints one JSON line {"url"}; stops on SIGTERM or
// when stdin closes.
import { startPlatformDouble, type PlatformDoubleOptions } from './platform-double.js';

const options = JSON.parse(process.argv[2] ?? '{}') as Omit<PlatformDoubleOptions, 'apps'>;
const double = await startPlatformDouble(options);
process.stdout.write(`${JSON.stringify({ url: double.url })}\n`);

const stop = () => void double.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
