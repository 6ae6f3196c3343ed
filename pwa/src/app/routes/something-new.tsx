export function Component() {
  return <main><h1>something-new</h1></main>;
}
