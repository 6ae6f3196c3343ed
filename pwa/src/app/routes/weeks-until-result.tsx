export function Component() {
  return <main><h1>weeks-until-result</h1></main>;
}
