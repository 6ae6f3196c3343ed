export function Component() {
  return <main><h1>human-sounds</h1></main>;
}
