// Steps of the search page's browser journey: the content to find, waiting for the index, clicking a map point.
import type { Page } from 'playwright-core';
import type { FilesDouble } from '../../platform/apps/files.js';
import type { NotesDouble } from '../../platform/apps/notes.js';

const REQUEST_TOKEN = 'harness-request-token';

/** Five documents: three files (one a three-page PDF whose page 2 holds the match) and two notes. */
export function seedSearchContent(
  files: FilesDouble,
  notes: NotesDouble,
  buildPdf: (pages: string[]) => Uint8Array,
): void {
  files.seedFile('carol', 'Recipes/soup.md', 'Tomato soup: roast the tomatoes, then blend them with basil and cream.');
  files.seedFile('carol', 'Garden/plan.txt', 'Plant tomatoes and basil in May; water the roses every evening.');
  const pdf = buildPdf([
    'Harbour society annual report\nMembers, events and thanks.',
    'Lighthouse restoration\nThe restoration budget for the lighthouse is 48000 euros.\nWork starts in spring.',
    'Appendix\nList of volunteers and opening hours.',
  ]);
  files.seedFile('carol', 'Reports/lighthouse.pdf', Buffer.from(pdf));
  notes.seedNote('carol', { title: 'Packing list', content: 'Passport, charger, walking boots and a rain jacket.' });
  notes.seedNote('carol', { title: 'Soup ideas', content: 'Pumpkin soup, tomato soup with basil, lentil soup.' });
}

/** Polls the companion's sync-status route (forwarded to the sidecar) until `documents` are indexed, none queued. */
export async function waitUntilIndexed(page: Page, documents: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    last = await page.evaluate(async (token) => {
      const response = await fetch('/index.php/apps/mcp_companion/api/v1/knowledge/status', {
        headers: { requesttoken: token },
      });
      return `${response.status} ${await response.text()}`;
    }, REQUEST_TOKEN);
    const status = last.startsWith('200 ')
      ? (JSON.parse(last.slice(4)) as { documents: number; queued: number })
      : null;
    if (status !== null && status.documents >= documents && status.queued === 0) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the index did not reach ${documents} documents: ${last.slice(0, 500)}`);
}

interface ProjectedPoint {
  id: string;
  x: number;
  y: number;
  /** Distance on screen to the nearest other marker. */
  clearance: number;
}

/**
 * Clicks the map's result point that stands furthest from the others (and is not the active result), where plotly's
 * camera projects it; returns its point id.
 */
export async function clickMapPoint(page: Page): Promise<string> {
  const points = await page.evaluate(projectResultPoints);
  const active = await page
    .locator('[data-test="search-result"].result--active')
    .getAttribute('data-point-id')
    .catch(() => null);
  const target = points.filter((point) => point.id !== active).sort((a, b) => b.clearance - a.clearance)[0];
  if (target === undefined) {
    throw new Error(`no point to click among ${JSON.stringify(points)}`);
  }
  await page.mouse.move(target.x, target.y, { steps: 4 });
  await page.waitForTimeout(200);
  await page.mouse.click(target.x, target.y);
  return target.id;
}

/** Runs in the page: the screen position of each result marker from the gl3d scene's camera matrices. */
function projectResultPoints(): ProjectedPoint[] {
  type Matrix = ArrayLike<number>;
  interface Scene {
    glplot: {
      cameraParams: { model: Matrix; view: Matrix; projection: Matrix };
      canvas: { getBoundingClientRect(): { left: number; top: number; width: number; height: number } };
    };
    dataScale: [number, number, number];
  }
  const { document } = globalThis as unknown as { document: { querySelector(selector: string): unknown } };
  const graph = document.querySelector('[data-test="search-map-plot"]') as {
    _fullLayout: { scene: { _scene: Scene } };
    _fullData: { x: number[]; y: number[]; z: number[]; customdata: string[] }[];
  };
  const scene = graph._fullLayout.scene._scene;
  const { model, view, projection } = scene.glplot.cameraParams;
  const rect = scene.glplot.canvas.getBoundingClientRect();
  const multiply = (m: Matrix, v: number[]) =>
    [0, 1, 2, 3].map((row) => v.reduce((sum, value, col) => sum + m[col * 4 + row]! * value, 0));
  const trace = graph._fullData[0]!;
  const projected = trace.customdata.map((id, index) => {
    const position = [trace.x[index]!, trace.y[index]!, trace.z[index]!].map((v, axis) => v * scene.dataScale[axis]!);
    const clip = multiply(projection, multiply(view, multiply(model, [...position, 1])));
    const [x, y, , w] = clip as [number, number, number, number];
    return { id, x: rect.left + ((x / w + 1) / 2) * rect.width, y: rect.top + ((1 - y / w) / 2) * rect.height };
  });
  return projected.map((point) => ({
    ...point,
    clearance: Math.min(
      ...projected.filter((other) => other !== point).map((other) => Math.hypot(other.x - point.x, other.y - point.y)),
      Number.MAX_VALUE,
    ),
  }));
}
