export function Component() {
  return <main><h1>weeks-until</h1></main>;
}
