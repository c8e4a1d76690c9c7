import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// How long findBy* and waitFor poll before they give up. Testing Library's default, 1 s, is a guess at
// the machine's speed: on a busy CI machine (two cores, both taken) a lazily loaded screen or a long
// render takes longer, and a test failed although its screen came. Polling ends as soon as the
// expectation holds, so only a test that fails waits this long. Below the project's testTimeout
// (vite.config.ts), so a wait that fails reports what it waited for, not a bare timeout.
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom lacks a few browser APIs that Radix primitives and our components rely on.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in globalThis)) {
  Object.defineProperty(globalThis, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
}
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    })),
  });
}
const elementProto = Element.prototype as Element & {
  hasPointerCapture?: (id: number) => boolean;
  releasePointerCapture?: (id: number) => void;
  scrollIntoView?: () => void;
};
elementProto.hasPointerCapture ??= () => false;
elementProto.releasePointerCapture ??= () => undefined;
elementProto.scrollIntoView ??= () => undefined;
