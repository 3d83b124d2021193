/**
 * Leak protection as other features and the app shell use it: the Trace a leak page's view.
 * Other features import from this file only.
 */
export { TraceLeakView } from './components/trace-leak-view.tsx';
