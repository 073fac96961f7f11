/**
 * The home hero slider: four slides, advancing every 5 s, with previous, next and dot
 * controls that wrap around. Following the WAI-ARIA carousel pattern, it pauses while hovered, while
 * keyboard focus is inside and while the tab is hidden; it never advances on its own under
 * prefers-reduced-motion; a button stops and restarts the rotation; the current slide is announced
 * only when the visitor moves it. Server-rendered, so the first slide is in the static HTML.
 */
import { useEffect, useState, type FocusEvent } from 'react';
import { SLIDER_INTERVAL_MS } from '../../lib/constants';
import { nextIndex, previousIndex } from './carousel';
import type { Slide } from './slides';
import './HeroSlider.css';

interface Props {
  slides: readonly Slide[];
}

export default function HeroSlider({ slides }: Props) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  /** The visitor's choice (rotation button); off by default under reduced motion. */
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [tabHidden, setTabHidden] = useState(false);

  useEffect(() => {
    setHydrated(true);
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) setPlaying(false);
    const onVisibility = () => setTabHidden(document.visibilityState === 'hidden');
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  const rotating = hydrated && playing && !hovered && !focused && !tabHidden;

  useEffect(() => {
    if (!rotating) return;
    // Restarted on every slide change, so a manual move gets a full interval too.
    const timer = window.setTimeout(() => setIndex((current) => nextIndex(current, count)), SLIDER_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, index, count]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <section
      className="hero-slider"
      aria-roledescription="carrousel"
      aria-label="Nos solutions à la une"
      data-ready={hydrated ? 'true' : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className="hero-slider-slides" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, slideIndex) => {
          const active = slideIndex === index;
          return (
            <div
              key={slide.title}
              className={active ? 'hero-slide is-active' : 'hero-slide'}
              role="group"
              aria-roledescription="diapositive"
              aria-label={`${slideIndex + 1} sur ${count}`}
              aria-hidden={active ? undefined : true}
              inert={!active}
            >
              <div className="hero-slide-text">
                <p className="eyebrow eyebrow--inverse">{slide.eyebrow}</p>
                <h2 className="hero-slide-title">{slide.title}</h2>
                <p className="hero-slide-lead">{slide.text}</p>
                <a className="btn btn-primary hero-slide-link" href={slide.link.href}>
                  {slide.link.label}
                </a>
              </div>
              <img
                className="hero-slide-image"
                src={slide.image}
                alt=""
                width={480}
                height={360}
                loading={slideIndex === 0 ? 'eager' : 'lazy'}
                decoding="async"
              />
            </div>
          );
        })}
      </div>

      <div className="hero-slider-controls">
        <button
          type="button"
          className="hero-slider-button"
          onClick={() => setPlaying((value) => !value)}
          aria-label={playing ? 'Mettre en pause le défilement' : 'Lancer le défilement'}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            {playing ? <path d="M8 5h3v14H8zm5 0h3v14h-3z" fill="currentColor" /> : <path d="M8 5v14l11-7z" fill="currentColor" />}
          </svg>
        </button>
        <button type="button" className="hero-slider-button" onClick={() => setIndex(previousIndex(index, count))} aria-label="Diapositive précédente">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="m15 6-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <ul className="hero-slider-dots">
          {slides.map((slide, slideIndex) => (
            <li key={slide.title}>
              <button
                type="button"
                className="hero-slider-dot"
                onClick={() => setIndex(slideIndex)}
                aria-label={`Afficher la diapositive ${slideIndex + 1}\u00a0: ${slide.eyebrow}`}
                aria-current={slideIndex === index ? 'true' : undefined}
              />
            </li>
          ))}
        </ul>
        <button type="button" className="hero-slider-button" onClick={() => setIndex(nextIndex(index, count))} aria-label="Diapositive suivante">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="m9 6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </div>
    </section>
  );
}
