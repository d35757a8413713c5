/** Read by engine-size.test.ts: a five-line function and a five-line arrow, which a four-line limit must both catch. */
export function fiveLines(): number {
  const a = 1;
  const b = 2;
  return a + b;
}
export const fiveLinesToo = (): number => {
  const a = 1;
  const b = 2;
  return a + b;
};
export const short = (): number => 1;
