export function RouteError() {
  return <main><h1>Something went wrong</h1></main>;
}
