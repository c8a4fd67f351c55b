// Measures, in the page, the WCAG 2 contrast of every text the page shows: its computed colour against the colour
// behind it, found by walking up to the first opaque background (semi-transparent layers on the way are blended).
// Text with a background image behind it (Nextcloud's wallpaper) fails: its contrast depends on the picture.
import type { Page } from 'playwright-core';

export interface ContrastReport {
  /** "text" (ratio:1, colour on background) for each text under the minimum, or on a background image. */
  failures: string[];
  /** How many text elements were measured. */
  checked: number;
  /** Text that was not measured, by reason (disabled controls are exempt in WCAG 1.4.3). */
  skipped: Record<string, number>;
}

/** Measures every visible text element of the page (or under `root`, a CSS selector) against `minimum`. */
export async function measureTextContrast(page: Page, minimum = 4.5, root = 'body'): Promise<ContrastReport> {
  return page.evaluate(measureInPage, { minimum, root });
}

/** Runs in the page (serialised by playwright: no references outside this function). */
function measureInPage(options: { minimum: number; root: string }): ContrastReport {
  type Rgba = [number, number, number, number];
  // The few DOM shapes used here (the tests' TypeScript project has no DOM library).
  interface Element {
    tagName: string;
    className: unknown;
    childNodes: ArrayLike<{ nodeType: number; textContent: string | null }>;
    parentElement: Element | null;
    closest(selector: string): Element | null;
    querySelector(selector: string): Element | null;
    querySelectorAll(selector: string): ArrayLike<Element>;
    matches(selector: string): boolean;
    getBoundingClientRect(): { width: number; height: number };
  }
  interface Style {
    visibility: string;
    display: string;
    opacity: string;
    color: string;
    backgroundColor: string;
    backgroundImage: string;
  }
  const { document, getComputedStyle } = globalThis as unknown as {
    document: {
      body: Element;
      querySelector(selector: string): Element | null;
      createElement(tag: 'canvas'): { getContext(kind: '2d'): { fillStyle: unknown } | null };
    };
    getComputedStyle: (element: Element) => Style;
  };
  const canvas = document.createElement('canvas').getContext('2d')!;
  const parse = (value: string): Rgba => {
    // The canvas normalises any CSS colour (rgb(), color-mix(), oklab(), names) to #rrggbb or rgba(…).
    canvas.fillStyle = '#000000';
    canvas.fillStyle = value;
    const normal = String(canvas.fillStyle);
    if (normal.startsWith('#')) {
      return [1, 3, 5].map((at) => parseInt(normal.slice(at, at + 2), 16)).concat(1) as Rgba;
    }
    const parts = normal
      .replace(/^rgba?\(|\)$/g, '')
      .split(',')
      .map(Number);
    return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
  };
  const over = (top: Rgba, bottom: Rgba): Rgba => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i]! * a + bottom[i]! * (1 - a)).concat(1) as Rgba;
  };
  const luminance = ([r, g, b]: Rgba): number => {
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const ratio = (a: Rgba, b: Rgba): number => {
    const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (high + 0.05) / (low + 0.05);
  };
  const hex = (c: Rgba) =>
    '#' +
    c
      .slice(0, 3)
      .map((v) => Math.round(v).toString(16).padStart(2, '0'))
      .join('');

  /** The colour behind `element`, or null when a background image is behind it before any opaque colour. */
  const backdrop = (element: Element): Rgba | null => {
    const layers: Rgba[] = [];
    for (let node: Element | null = element; node !== null; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.backgroundImage !== 'none' && !style.backgroundImage.startsWith('url("data:')) {
        return null;
      }
      const color = parse(style.backgroundColor);
      if (color[3] > 0) {
        layers.push(color);
      }
      if (color[3] >= 1) {
        break;
      }
    }
    // The browser's canvas is white when nothing below is opaque.
    return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
  };

  const report: ContrastReport = { failures: [], checked: 0, skipped: {} };
  const skip = (reason: string) => (report.skipped[reason] = (report.skipped[reason] ?? 0) + 1);
  const rootElement = document.querySelector(options.root) ?? document.body;
  for (const element of Array.from(rootElement.querySelectorAll('*'))) {
    const text = Array.from(element.childNodes)
      .filter((node) => node.nodeType === 3)
      .map((node) => node.textContent ?? '')
      .join('')
      .trim();
    if (text === '' || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TITLE', 'OPTION'].includes(element.tagName)) {
      continue;
    }
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    if (style.visibility !== 'visible' || style.display === 'none' || box.width <= 1 || box.height <= 1) {
      skip('not visible');
      continue;
    }
    // A disabled control, or the label and description of one (NcCheckboxRadioSwitch keeps its input beside them).
    const control = element.closest('label, .checkbox-radio-switch')?.querySelector('input, select, textarea');
    if (element.closest('[disabled], [aria-disabled="true"]') !== null || control?.matches(':disabled') === true) {
      skip('disabled control');
      continue;
    }
    let opacity = 1;
    for (let node: Element | null = element; node !== null; node = node.parentElement) {
      opacity *= Number(getComputedStyle(node).opacity);
    }
    const behind = backdrop(element);
    const label = `"${text.slice(0, 40)}" <${element.tagName.toLowerCase()}${element.className ? ` class="${String(element.className).slice(0, 60)}"` : ''}>`;
    report.checked += 1;
    if (behind === null) {
      report.failures.push(`${label} sits on a background image`);
      continue;
    }
    const own = parse(style.color);
    const foreground = over([own[0], own[1], own[2], own[3] * opacity], behind);
    const measured = ratio(foreground, behind);
    if (measured < options.minimum) {
      report.failures.push(`${label} ${measured.toFixed(2)}:1, ${hex(foreground)} on ${hex(behind)}`);
    }
  }
  return report;
}
