/**
 * Scroll reveal, counters and competence bars of the corporate pages. The HTML already holds the
 * final state (visible sections, final numbers, full bars), so without JavaScript or with reduced
 * motion nothing moves and nothing is missing. Elements already on screen when the page opens are
 * left alone (no flash); the others are hidden here and animated when they scroll into view, once.
 */
import { REVEAL_GROUP_THRESHOLD, REVEAL_THRESHOLD, counterValueAt, formatCount } from './motion';

type Enter = (element: HTMLElement, onScreenAtLoad: boolean) => void;

/** Calls `hide` for elements that start off screen, then `enter` once when each comes into view. */
function watch(selector: string, threshold: number, hide: (element: HTMLElement) => void, enter: Enter): void {
  const seen = new WeakSet<Element>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const element = entry.target as HTMLElement;
        const first = !seen.has(element);
        seen.add(element);
        if (entry.isIntersecting) {
          observer.unobserve(element);
          enter(element, first);
        } else if (first) {
          hide(element);
        }
      }
    },
    { threshold },
  );
  document.querySelectorAll<HTMLElement>(selector).forEach((element) => observer.observe(element));
}

const show = (element: HTMLElement): void => {
  element.classList.add('reveal-in');
  element.classList.remove('reveal-pending');
};

function animateCounter(element: HTMLElement): void {
  const target = Number(element.dataset.counter);
  const duration = Number(element.dataset.duration);
  const start = performance.now();
  const step = (now: number): void => {
    const value = counterValueAt(target, now - start, duration);
    element.textContent = formatCount(value);
    if (value < target) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

if (!reducedMotion && 'IntersectionObserver' in window) {
  watch('[data-reveal]', REVEAL_THRESHOLD, (element) => element.classList.add('reveal-pending'), (element, atLoad) => {
    if (!atLoad) show(element);
  });
  watch(
    '[data-reveal-group]',
    REVEAL_GROUP_THRESHOLD,
    (group) => group.querySelectorAll<HTMLElement>('[data-reveal-delay]').forEach((item) => item.classList.add('reveal-pending')),
    (group, atLoad) => {
      if (!atLoad) group.querySelectorAll<HTMLElement>('[data-reveal-delay]').forEach(show);
    },
  );
  watch('[data-counter]', REVEAL_THRESHOLD, (element) => (element.textContent = formatCount(0)), animateCounter);
  watch(
    '[data-bar]',
    REVEAL_THRESHOLD,
    (bar) => bar.classList.add('bar-pending'),
    (bar) => {
      bar.classList.remove('bar-pending');
      bar.animate([{ transform: 'scaleX(0)' }, { transform: 'scaleX(1)' }], {
        duration: Number(bar.dataset.duration),
        easing: 'cubic-bezier(0.2, 0.7, 0.2, 1)',
      });
    },
  );
}
