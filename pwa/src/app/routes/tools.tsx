export function Component() {
  return <main><h1>tools</h1></main>;
}
