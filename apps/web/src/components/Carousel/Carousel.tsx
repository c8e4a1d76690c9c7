import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../../lib/use-prefers-reduced-motion';
import { Icon } from '../Icon/Icon';
import styles from './Carousel.module.css';

/** Spec 02 §2: channel cards scroll 217 px per arrow click, smoothly. */
export const CAROUSEL_STEP_PX = 217;

interface CarouselProps {
  children: ReactNode;
  step?: number;
  /** Names the region for screen readers, e.g. "Invalid traffic by channel". */
  label: string;
}

export function Carousel({ children, step = CAROUSEL_STEP_PX, label }: CarouselProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(true);

  const measure = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    setAtStart(track.scrollLeft <= 1);
    setAtEnd(track.scrollLeft + track.clientWidth >= track.scrollWidth - 1);
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(track);
    return () => observer.disconnect();
  }, [measure]);

  const scroll = (direction: -1 | 1) => {
    trackRef.current?.scrollBy({ left: direction * step, behavior: reducedMotion ? 'auto' : 'smooth' });
  };

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label={label}>
      <button
        type="button"
        className={`${styles.arrow} ${styles.previous}`}
        aria-label="Scroll left"
        disabled={atStart}
        onClick={() => scroll(-1)}
      >
        <Icon name="chevron-left" />
      </button>
      <div ref={trackRef} className={styles.track} onScroll={measure} data-testid="carousel-track">
        {children}
      </div>
      <button
        type="button"
        className={`${styles.arrow} ${styles.next}`}
        aria-label="Scroll right"
        disabled={atEnd}
        onClick={() => scroll(1)}
      >
        <Icon name="chevron-right" />
      </button>
    </section>
  );
}
