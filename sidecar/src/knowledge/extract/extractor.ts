// What every format's extractor is: a function from a document's bytes to text in a sink, within the limits and the
// deadline of its job; it throws ExtractionRefusedError for a document it refuses.
import type { Deadline, ExtractionLimits } from './extraction-limits.js';
import type { TextSink } from './text-sink.js';

export interface ExtractionContext {
  limits: ExtractionLimits;
  deadline: Deadline;
  sink: TextSink;
}

export type Extractor = (bytes: Uint8Array, context: ExtractionContext) => Promise<void>;
