/** React Router's index of this entry in the session history: 0 when the app opened here. */
export function historyIndex(): number {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' ? state.idx : 0;
}
