export function Component() {
  return <main><h1>life</h1></main>;
}
