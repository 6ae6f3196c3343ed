export function Component() {
  return <main><h1>not-found</h1></main>;
}
