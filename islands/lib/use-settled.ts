import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `ms` (a search box asks the server when typing pauses);
 * `settle` takes a value at once (Enter, the text found at hydration).
 */
export function useSettled<T>(value: T, ms: number): [settled: T, settle: (now: T) => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, settled, ms]);
  return [settled, setSettled];
}
