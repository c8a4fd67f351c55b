// Int8 quantisation of one vector, scaled by its own largest component, with the error it introduces.
/** Writes `round(x · 127 / max|x|)` into `out` at `offset`; returns ‖x/‖x‖ − q/‖q‖‖, the unit-vector error. */
export function quantizeInto(vector: Float32Array, out: Int8Array, offset: number): number {
  let max = 0;
  for (let i = 0; i < vector.length; i++) max = Math.max(max, Math.abs(vector[i] ?? 0));
  if (max === 0) {
    out.fill(0, offset, offset + vector.length);
    return 0;
  }
  const scale = 127 / max;
  let normX = 0;
  let normQ = 0;
  let dot = 0;
  for (let i = 0; i < vector.length; i++) {
    const x = vector[i] ?? 0;
    const q = Math.round(x * scale);
    out[offset + i] = q;
    normX += x * x;
    normQ += q * q;
    dot += x * q;
  }
  // ‖a − b‖² = 2 − 2·cos(a, b) for unit vectors a, b.
  const cosine = dot / Math.sqrt(normX * normQ);
  return Math.sqrt(Math.max(0, 2 - 2 * cosine));
}
