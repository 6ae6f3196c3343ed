export function Component() {
  return <main><h1>days-until-result</h1></main>;
}
