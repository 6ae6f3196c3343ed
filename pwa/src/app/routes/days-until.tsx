export function Component() {
  return <main><h1>days-until</h1></main>;
}
