export function Component() {
  return <main><h1>expert</h1></main>;
}
