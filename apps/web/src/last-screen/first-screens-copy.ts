// What of a screen the kept copy holds (decision 0387): the part a returning start can show before the app's own
// screen replaces it, from the top of the page down to FIRST_SCREENS viewport heights below the top of what is on
// screen now. Drawing the copy costs the page's start-up a style recalculation, a layout and a paint of all of
// it, before and right after the first paint; keeping it costs a copy and a write of all of it. A long list's
// rows further down were the larger part of both, and nobody sees them before the app has drawn.

/** How far down the copy reaches, in viewport heights below the top of what is on screen now. */
export const FIRST_SCREENS = 2;

const PAIRED = 'select, input[type="checkbox"], input[type="radio"]';

/** `element` itself (when it matches) and its descendants matching `selector`, in document order. */
function matching(element: Element, selector: string): Element[] {
  const found = [...element.querySelectorAll(selector)];
  return element.matches(selector) ? [element, ...found] : found;
}

/**
 * Each list's chosen option and each box's tick of `live` written into `copy`, its deep clone, as attributes:
 * React sets them as properties, which markup does not carry.
 */
function markChoices(live: Element, copy: Element): void {
  const lives = matching(live, PAIRED);
  if (lives.length === 0) return;
  matching(copy, PAIRED).forEach((element, i) => {
    const source = lives[i];
    if (source?.tagName === 'SELECT') {
      const chosen = (source as HTMLSelectElement).selectedIndex;
      element.querySelectorAll('option').forEach((option, j) => option.toggleAttribute('selected', j === chosen));
    } else if (source?.tagName === 'INPUT') {
      element.toggleAttribute('checked', (source as HTMLInputElement).checked);
    }
  });
}

/**
 * A copy of `element` without what lies wholly below `limit` (a distance from the top of the viewport, as
 * getBoundingClientRect measures): a part wholly above it is copied whole, one that crosses it part by part.
 * Something with no box (display: none, display: contents) is looked into, so a wrapper drawn as nothing does not
 * bring a whole list along. Null when the element itself lies below the limit.
 */
function copyAbove(element: Element, limit: number): Element | null {
  const box = element.getBoundingClientRect();
  const boxless = box.width === 0 && box.height === 0;
  if (!boxless && box.top > limit) return null;
  if (element.firstElementChild === null || element.tagName === 'SELECT' || (!boxless && box.bottom <= limit)) {
    const copy = element.cloneNode(true) as Element;
    markChoices(element, copy);
    return copy;
  }
  // Neither a list nor a box (those are copied whole above): nothing to mark on the element itself.
  return copyChildren(element, limit);
}

/** A shallow copy of `element` with each of its children copied as far as `limit`. */
function copyChildren(element: Element, limit: number): Element {
  const copy = element.cloneNode(false) as Element;
  for (const child of element.childNodes) {
    if (child.nodeType === Node.ELEMENT_NODE) {
      const part = copyAbove(child as Element, limit);
      if (part) copy.append(part);
    } else {
      copy.append(child.cloneNode(true));
    }
  }
  return copy;
}

/**
 * The copy of `root` a kept screen starts from: everything down to FIRST_SCREENS viewport heights below the
 * viewport (the whole of it where nothing is laid out, as in a test's document), with each list's choice and
 * each box's tick as attributes.
 */
export function firstScreensCopy(root: Element): Element {
  const view = root.ownerDocument.defaultView;
  const height = view?.innerHeight ?? 0;
  return copyChildren(root, height > 0 ? height * FIRST_SCREENS : Infinity);
}
