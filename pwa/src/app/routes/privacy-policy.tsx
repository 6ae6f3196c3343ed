export function Component() {
  return <main><h1>privacy-policy</h1></main>;
}
