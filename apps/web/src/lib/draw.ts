import buildLucideIconNode from 'lucide-react/dist/esm/shared/src/build/buildLucideIconNode.mjs';
import type iconDataType from 'virtual:lucide/heart';

/*
 * Elements built by hand, for the markup a page draws before React has loaded
 * (app/first-paint.ts): the same tags, attributes and text a component renders, so that React's
 * render takes its place without a pixel moving. Text goes in as text nodes, never as markup.
 */

type Child = Node | string | null | undefined | false;
/** Attribute names as the DOM has them (`class`, `aria-label`); undefined or false: left out. */
type Attributes = Record<string, string | number | boolean | undefined>;

function setAttributes(el: Element, attributes: Attributes): void {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
}

/** An HTML element with its attributes and children. */
export function h(tag: string, attributes: Attributes = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  setAttributes(el, attributes);
  for (const child of children) if (child) el.append(child);
  return el;
}

const SVG = 'http://www.w3.org/2000/svg';

/** What a lucide icon takes here (its React props, by their DOM names). */
export interface IconProps {
  size: number;
  strokeWidth?: number;
  className?: string;
  fill?: string;
  'aria-hidden'?: 'true';
}

/** A lucide icon (`lucide-react/icons/<name>?data`) as lucide-react renders it. */
export function icon(
  data: typeof iconDataType,
  { size, strokeWidth, className, ...attributes }: IconProps,
): SVGSVGElement {
  const [, svgAttributes, nodes] = buildLucideIconNode(data, {
    size,
    strokeWidth,
    className,
    hasA11yProp: true,
    // An attribute not given keeps lucide's default (fill="none"), as a React prop left out does.
    attributes: Object.fromEntries(Object.entries(attributes).filter(([, v]) => v !== undefined)),
  });
  const svg = document.createElementNS(SVG, 'svg');
  setAttributes(svg, svgAttributes as Attributes);
  for (const [tag, nodeAttributes] of nodes) {
    const node = document.createElementNS(SVG, tag);
    setAttributes(node, nodeAttributes as Attributes);
    svg.append(node);
  }
  return svg;
}
