export function Component() {
  return <main><h1>hn</h1></main>;
}
