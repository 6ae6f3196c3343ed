export function Component() {
  return <main><h1>pass</h1></main>;
}
