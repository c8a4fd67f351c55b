// Projects L2-normalised vectors onto their first three principal components, with explained-variance ratios and
// deterministic axis signs, so the same vectors always give the same picture.

export interface PcaProjection {
  /** One [x, y, z] per input vector, in order. */
  coordinates: [number, number, number][];
  /** Share of the total variance each axis explains (0–1). */
  explainedVariance: [number, number, number];
}

const ITERATIONS = 300;
const TOLERANCE = 1e-10;

export function projectToThreeDimensions(vectors: readonly Float32Array[]): PcaProjection {
  const n = vectors.length;
  const none: PcaProjection = { coordinates: vectors.map(() => [0, 0, 0]), explainedVariance: [0, 0, 0] };
  if (n < 2) return none;
  const rows = centredUnitRows(vectors);
  // The Gram matrix (n × n, n ≤ a few hundred) has the same non-zero eigenvalues as the covariance (d × d).
  const gram = new Float64Array(n * n);
  let trace = 0;
  for (let i = 0; i < n; i += 1) {
    for (let j = i; j < n; j += 1) {
      const value = dot(rows[i]!, rows[j]!);
      gram[i * n + j] = value;
      gram[j * n + i] = value;
    }
    trace += gram[i * n + i]!;
  }
  if (trace <= 1e-12) return none;
  const axes: Float64Array[] = [];
  const values: number[] = [];
  for (let component = 0; component < 3; component += 1) {
    const { vector, value } = leadingEigen(gram, n, axes, values, component);
    axes.push(vector);
    values.push(Math.max(value, 0));
  }
  const coordinate = (i: number, c: number) => axes[c]![i]! * Math.sqrt(values[c]!);
  return {
    coordinates: rows.map((_, i) => [coordinate(i, 0), coordinate(i, 1), coordinate(i, 2)]),
    explainedVariance: [values[0]! / trace, values[1]! / trace, values[2]! / trace],
  };
}

function centredUnitRows(vectors: readonly Float32Array[]): Float64Array[] {
  const dims = vectors[0]!.length;
  const rows = vectors.map((vector) => {
    const row = Float64Array.from(vector);
    const norm = Math.sqrt(dot(row, row));
    if (norm > 0) row.forEach((value, j) => (row[j] = value / norm));
    return row;
  });
  const mean = new Float64Array(dims);
  for (const row of rows) row.forEach((value, j) => (mean[j] = mean[j]! + value / rows.length));
  for (const row of rows) row.forEach((value, j) => (row[j] = value - mean[j]!));
  return rows;
}

/** Power iteration on the matrix deflated by the axes found so far; the sign makes the largest entry positive. */
function leadingEigen(
  matrix: Float64Array,
  n: number,
  found: readonly Float64Array[],
  foundValues: readonly number[],
  component: number,
): { vector: Float64Array; value: number } {
  let vector = new Float64Array(n).map((_, i) => 1 + ((i * 7 + component * 13) % 11) / 10);
  let value = 0;
  for (let iteration = 0; iteration < ITERATIONS; iteration += 1) {
    const next = new Float64Array(n);
    for (let i = 0; i < n; i += 1) {
      let sum = 0;
      for (let j = 0; j < n; j += 1) sum += matrix[i * n + j]! * vector[j]!;
      next[i] = sum;
    }
    found.forEach((axis, k) => {
      const projection = dot(axis, vector) * foundValues[k]!;
      next.forEach((entry, i) => (next[i] = entry - projection * axis[i]!));
    });
    const norm = Math.sqrt(dot(next, next));
    if (norm < 1e-12) return { vector: new Float64Array(n), value: 0 };
    next.forEach((entry, i) => (next[i] = entry / norm));
    const converged = Math.abs(norm - value) < TOLERANCE * Math.max(1, norm);
    vector = next;
    value = norm;
    if (converged) break;
  }
  let largest = 0;
  vector.forEach((entry, i) => {
    if (Math.abs(entry) > Math.abs(vector[largest]!) + 1e-12) largest = i;
  });
  if (vector[largest]! < 0) vector.forEach((entry, i) => (vector[i] = -entry));
  return { vector, value };
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += a[i]! * b[i]!;
  return sum;
}
