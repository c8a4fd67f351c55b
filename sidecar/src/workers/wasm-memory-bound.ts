// Bounds the WebAssembly memory of the current worker thread: growth past the bound is refused, so a library compiled
// to WebAssembly (mupdf) fails its allocation with an error instead of taking the machine's memory. WebAssembly
// memory lies outside the V8 heap, so a Worker's resourceLimits do not bound it.

const PAGE_BYTES = 65_536;

/** The part of WebAssembly.Memory used here (Node's type definitions leave the WebAssembly API out). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(deltaPages: number): number;
}
const memoryPrototype = (globalThis as unknown as { WebAssembly: { Memory: { prototype: WasmMemory } } }).WebAssembly
  .Memory.prototype;

let maxBytes = Number.POSITIVE_INFINITY;
let largestBytes = 0;
let refusedCount = 0;
let installed = false;

/** Refuses every growth of a WebAssembly memory of this thread past `bytes` (call again to change the bound). */
export function boundWasmMemory(bytes: number): void {
  maxBytes = bytes;
  if (installed) return;
  installed = true;
  const grow = memoryPrototype.grow;
  // Emscripten grows its heap through this method; a RangeError is what grow throws past a memory's own maximum,
  // and Emscripten answers it by failing the allocation (mupdf then throws "malloc failed" from the call).
  memoryPrototype.grow = function growWithinBound(this: WasmMemory, deltaPages: number) {
    if (this.buffer.byteLength + deltaPages * PAGE_BYTES > maxBytes) {
      refusedCount++;
      throw new RangeError('The WebAssembly memory bound of this worker is reached.');
    }
    const previousPages = grow.call(this, deltaPages);
    largestBytes = Math.max(largestBytes, this.buffer.byteLength);
    return previousPages;
  };
}

/** The bound set with boundWasmMemory (Infinity without one). */
export function wasmMemoryBoundBytes(): number {
  return maxBytes;
}

/** The largest WebAssembly memory this thread grew to (0 while none grew): it never shrinks again. */
export function grownWasmMemoryBytes(): number {
  return largestBytes;
}

/** How many growths the bound refused so far: a change across a call means the call ran out of memory. */
export function refusedWasmGrowths(): number {
  return refusedCount;
}
