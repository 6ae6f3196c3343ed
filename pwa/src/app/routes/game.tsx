export function Component() {
  return <main><h1>game</h1></main>;
}
